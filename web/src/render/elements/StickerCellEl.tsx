import { memo } from 'react';
import type { ElementProps } from '@stickerbook/model';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { useDocValue, useRenderOptions } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';
import { EmptyCell } from '../sticker/EmptyCell.tsx';
import { StickerArtwork } from '../sticker/StickerArtwork.tsx';

/** A sticker slot (50 x 70, double 100 x 70): the placeholder when empty, else the framed sticker. */
export const StickerCellContent = memo(function StickerCellContent({ id, props }: ContentProps) {
  const p = props as ElementProps;
  const options = useRenderOptions();
  const number = useDocValue((store) => store.index.cellNumbers.get(id), undefined, 'numbers');
  const stickerId = typeof p.stickerId === 'string' ? p.stickerId : undefined;
  const sticker = useDocValue(
    (store) => (stickerId ? store.doc.stickers[stickerId] : undefined),
    undefined,
    'stickers',
  );
  if (!sticker || !options.showStickers) {
    return (
      <EmptyCell
        width={p.width}
        height={p.height}
        number={number}
        font={options.fonts.paragraph}
        print={options.printMode}
      />
    );
  }
  return <StickerArtwork cellId={id} sticker={sticker} number={number} width={p.width} height={p.height} />;
}, sameContent);

export function StickerCellEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <StickerCellContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
