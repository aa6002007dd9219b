import { DOUBLE_STICKER_CELL_MM, STICKER_CELL_MM, type StickerSheet } from '@stickerbook/model';
import { RenderRoot } from '../../render/index.ts';
import { StickerCellContent } from '../../render/elements/StickerCellEl.tsx';
import { StickerArtwork } from '../../render/sticker/StickerArtwork.tsx';
import type { RenderCommon } from './SpreadPanel.tsx';

/**
 * One sticker sheet (stickers mode): every sticker in the album's frame template, in number order. Placed
 * stickers are drawn through their cell (so the template shows the cell's number); unplaced ones have no number.
 */
export function StickerSheetContent({
  sheet,
  width,
  height,
  at,
  common,
}: {
  sheet: StickerSheet;
  width: number;
  height: number;
  at: { x: number; y: number };
  common: RenderCommon;
}) {
  const doc = common.doc;
  return (
    <RenderRoot {...common}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${width} ${height}`}
        style={{
          position: 'absolute',
          left: `${at.x}mm`,
          top: `${at.y}mm`,
          width: `${width}mm`,
          height: `${height}mm`,
          display: 'block',
        }}
      >
        <rect width={width} height={height} fill="#ffffff" />
        {sheet.stickers.map((item) => {
          const cell = item.cellId ? doc.nodes[item.cellId] : undefined;
          const size = item.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
          const sticker = doc.stickers[item.stickerId];
          return (
            <g
              key={item.stickerId}
              transform={`translate(${item.box.x} ${item.box.y})`}
              data-print-sticker={item.stickerId}
              data-sticker-number={item.number ?? ''}
            >
              {cell ? (
                <StickerCellContent
                  id={cell.id}
                  props={{
                    ...cell.props,
                    x: 0,
                    y: 0,
                    width: size.width,
                    height: size.height,
                    rotation: 0,
                    scale: 1,
                  }}
                />
              ) : (
                sticker && (
                  <StickerArtwork
                    cellId={`unplaced-${item.stickerId}`}
                    sticker={sticker}
                    width={size.width}
                    height={size.height}
                  />
                )
              )}
            </g>
          );
        })}
      </svg>
    </RenderRoot>
  );
}
