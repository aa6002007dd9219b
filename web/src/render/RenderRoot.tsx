import { useDeferredValue, useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { AlbumDocument, AlbumMeta, DocNode, StickerTemplate } from '@stickerbook/model';
import { DocStore } from './store/DocStore.ts';
import {
  DocStoreContext,
  ImageVariantContext,
  NodeSourceContext,
  RenderOptionsContext,
  type ImageSizeFor,
  type ImageUrlFor,
  type RenderOptions,
} from './RenderContext.tsx';
import { variantForZoom, type ImageVariant } from './variant.ts';
import { FontLoader } from './fonts/FontLoader.tsx';
import { fontFamiliesOf } from './fonts/usedFonts.ts';
import { ElementViewsProvider } from './ElementViewRegistry.ts';
import { ELEMENT_VIEWS } from './elementViews.ts';

export interface RenderRootProps {
  doc: AlbumDocument;
  /** Title, release date (ISO) and language for automatic text; missing fields are empty. */
  albumMeta?: Partial<AlbumMeta>;
  imageUrlFor?: ImageUrlFor;
  imageSizeFor?: ImageSizeFor;
  /** 1 = 100 %; picks the image variant (SPEC §9 resolution tiers). */
  zoom?: number;
  /** Forces a variant (the print route's `resolution`); otherwise chosen from the zoom. */
  imageVariant?: ImageVariant;
  printMode?: boolean;
  showStickers?: boolean;
  templates?: Readonly<Record<number, StickerTemplate>>;
  children: ReactNode;
}

/**
 * Provides one album document to any number of SpreadContent views (the editor puts all spreads in
 * one world <svg>; previews use SpreadSvg). Render it outside <svg>: it also adds the fonts.
 */
export function RenderRoot(props: RenderRootProps) {
  const { doc, albumMeta, zoom = 1, printMode = false, showStickers = true } = props;
  const meta = useMemo<AlbumMeta>(
    () => ({
      title: albumMeta?.title ?? '',
      releaseDate: albumMeta?.releaseDate ?? null,
      language: albumMeta?.language ?? 'de',
    }),
    [albumMeta?.title, albumMeta?.releaseDate, albumMeta?.language],
  );
  const [store] = useState(() => new DocStore(doc, meta));
  // Children read the new document in this same render; memoised views hear about it below.
  store.update(doc, meta);
  useLayoutEffect(() => store.notify());

  const idPrefix = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const variant = props.imageVariant ?? variantForZoom(zoom);
  const { colors, fonts, stickerTemplateId } = doc.settings;
  const { imageUrlFor, imageSizeFor, templates } = props;
  const options = useMemo<RenderOptions>(
    () => ({
      colors,
      fonts,
      imageUrlFor,
      imageSizeFor,
      printMode,
      showStickers,
      templates,
      stickerTemplateId,
      idPrefix,
    }),
    [
      colors,
      fonts,
      imageUrlFor,
      imageSizeFor,
      printMode,
      showStickers,
      templates,
      stickerTemplateId,
      idPrefix,
    ],
  );
  // The font files load on their own time anyway, so the scan of every node for its fonts follows a change after
  // its paint (the first render, as for print, scans the document it draws).
  const nodes = useDeferredValue(doc.nodes);
  const familyKey = useMemo(
    () => fontFamiliesOf(templateAndDocNodes(nodes, templates), fonts).join('|'),
    [nodes, templates, fonts],
  );
  const families = useMemo(() => familyKey.split('|'), [familyKey]);

  return (
    <RenderOptionsContext.Provider value={options}>
      <ImageVariantContext.Provider value={variant}>
        <DocStoreContext.Provider value={store}>
          <NodeSourceContext.Provider value={store}>
            <ElementViewsProvider value={ELEMENT_VIEWS}>
              <FontLoader families={families} />
              {props.children}
            </ElementViewsProvider>
          </NodeSourceContext.Provider>
        </DocStoreContext.Provider>
      </ImageVariantContext.Provider>
    </RenderOptionsContext.Provider>
  );
}

/** The album's nodes and its frame templates' (one array: a generator over 1,600 nodes cost 0.3 ms a change). */
function templateAndDocNodes(
  nodes: AlbumDocument['nodes'],
  templates: RenderRootProps['templates'],
): DocNode[] {
  const all = Object.values(nodes);
  for (const template of Object.values(templates ?? {})) all.push(...Object.values(template.nodes));
  return all;
}
