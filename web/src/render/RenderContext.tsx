import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { AlbumSettings, DocNode, StickerTemplate } from '@stickerbook/model';
import type { ImageVariant } from './variant.ts';
import type { DocStore, NodeSource } from './store/DocStore.ts';

export type ImageUrlFor = (imageId: string, variant: ImageVariant) => string | undefined;
export type ImageSizeFor = (imageId: string) => { width: number; height: number } | undefined;

/** What every element needs besides its own node; memoised by SpreadSvg so it rarely changes. */
export interface RenderOptions {
  colors: readonly string[];
  fonts: AlbumSettings['fonts'];
  imageUrlFor?: ImageUrlFor;
  imageSizeFor?: ImageSizeFor;
  printMode: boolean;
  showStickers: boolean;
  templates?: Readonly<Record<number, StickerTemplate>>;
  stickerTemplateId?: number;
  /** Prefix for SVG ids (gradients, filters, clip paths) so two renderings on one page don't clash. */
  idPrefix: string;
}

export const RenderOptionsContext = createContext<RenderOptions>({
  colors: [],
  fonts: { title: 'Playfair Display', sub_title: 'Montserrat', paragraph: 'Lato' },
  printMode: false,
  showStickers: true,
  idPrefix: 'r',
});
/**
 * The image resolution tier (SPEC §9), apart from the other options: a zoom into a new tier re-renders the
 * photos (ImageEl, placed stickers), not every text and shape.
 */
export const ImageVariantContext = createContext<ImageVariant>('medium');
export const DocStoreContext = createContext<DocStore | null>(null);
export const NodeSourceContext = createContext<NodeSource | null>(null);

export function useRenderOptions(): RenderOptions {
  return useContext(RenderOptionsContext);
}

export function useImageVariant(): ImageVariant {
  return useContext(ImageVariantContext);
}

export function svgId(options: RenderOptions, nodeId: string, purpose: string): string {
  return `${options.idPrefix}-${nodeId}-${purpose}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

function useSource(): NodeSource {
  const source = useContext(NodeSourceContext);
  if (!source) throw new Error('Element views must be rendered inside SpreadSvg or a sticker frame');
  return source;
}

export function useNode(id: string): DocNode | undefined {
  const source = useSource();
  const subscribe = useCallback((listener: () => void) => source.subscribeNode(id, listener), [source, id]);
  const read = () => source.node(id);
  return useSyncExternalStore(subscribe, read, read);
}

export function useChildIds(parentId: string): string[] {
  const source = useSource();
  const subscribe = useCallback(
    (listener: () => void) => source.subscribeChildren(parentId, listener),
    [source, parentId],
  );
  const read = () => source.childKey(parentId);
  const key = useSyncExternalStore(subscribe, read, read);
  return key === '' ? [] : key.split(',');
}

/**
 * Subscribe to one derived value of the album document (a string or number, compared by value). `on` narrows
 * when the view is asked: 'stickers' when the sticker records change, 'numbers' when the sticker numbers do,
 * 'document' (the default) on every change, 'never' for a value no change of the document alters (it is read
 * again whenever the view renders).
 */
export function useDocValue<T>(
  select: (store: DocStore) => T,
  fallback: T,
  on: 'document' | 'stickers' | 'numbers' | 'never' = 'document',
): T {
  const store = useContext(DocStoreContext);
  const subscribe =
    store && on !== 'never'
      ? { document: store.subscribe, stickers: store.subscribeStickers, numbers: store.subscribeNumbers }[on]
      : noSubscribe;
  const read = () => (store ? select(store) : fallback);
  return useSyncExternalStore(subscribe, read, read);
}

const noSubscribe = () => () => {};
