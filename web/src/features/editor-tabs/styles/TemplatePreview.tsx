import {
  createBlankAlbum,
  spreadsInOrder,
  type AlbumDocument,
  type StickerTemplate,
} from '@stickerbook/model';
import { memo, useMemo } from 'react';
import { NodeView, RenderRoot } from '../../../render/index.ts';

/**
 * One sticker frame template drawn by the renderer: a sample sticker in a cell of the template's size, in the
 * album's colours and fonts, with number 7 (8-9 for a double).
 */
export const TemplatePreview = memo(function TemplatePreview({
  template,
  templates,
  settings,
  sampleName,
  samplePosition,
  heightPx,
}: {
  template: StickerTemplate;
  templates: Readonly<Record<number, StickerTemplate>>;
  settings: AlbumDocument['settings'];
  sampleName: string;
  samplePosition: string;
  heightPx: number;
}) {
  const width = template.double ? 100 : 50;
  const doc = useMemo(() => {
    const base = createBlankAlbum();
    const spread = spreadsInOrder(base)[1];
    const stickers = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `s${i}`,
        {
          id: `s${i}`,
          name: i === 6 ? sampleName : `-`,
          position: samplePosition,
          doubleSticker: i === 6 && template.double,
          sectionId: spread.parentId!,
        },
      ]),
    );
    // Six placed stickers before the sample give it a realistic number.
    const nodes = { ...base.nodes };
    for (let i = 0; i < 7; i++) {
      nodes[`cell${i}`] = {
        id: `cell${i}`,
        type: 'StickerCell',
        parentId: spread.id,
        index: `a${i}`,
        props:
          i === 6
            ? { x: 0, y: 0, width, height: 70, stickerId: `s${i}` }
            : { x: 300, y: 200 + i, width: 50, height: 70, stickerId: `s${i}` },
      };
    }
    return {
      ...base,
      nodes,
      stickers,
      settings: {
        ...settings,
        stickerTemplateId: template.id,
        stickerTemplateSettings: { id: template.id, blank_enabled: false },
      },
    } satisfies AlbumDocument;
  }, [settings, template, width, sampleName, samplePosition]);
  return (
    <RenderRoot doc={doc} templates={templates} zoom={0.5}>
      <svg
        viewBox={`0 0 ${width} 70`}
        height={heightPx}
        width={(heightPx * width) / 70}
        style={{ display: 'block' }}
      >
        <NodeView id="cell6" />
      </svg>
    </RenderRoot>
  );
});
