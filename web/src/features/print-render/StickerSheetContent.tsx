import {
  DOUBLE_STICKER_CELL_MM,
  STICKER_CELL_MM,
  stickerBleedBox,
  stickerCutMarks,
  type StickerOnSheet,
  type StickerSheet,
} from '@stickerbook/model';
import { RenderRoot } from '../../render/index.ts';
import { StickerCellContent } from '../../render/elements/StickerCellEl.tsx';
import { StickerArtwork } from '../../render/sticker/StickerArtwork.tsx';
import { MARK_STROKE_MM } from './SheetMarks.tsx';
import type { RenderCommon } from './SpreadPanel.tsx';

/** The bleed copy of a sticker carries no text: names and numbers exist once in the file (and in its text). */
const BLEED_CSS = '.print-sticker-bleed text, .print-sticker-bleed foreignObject { display: none; }';

/**
 * One sticker sheet (stickers mode): every sticker in the album's frame template, in number order. Placed
 * stickers are drawn through their cell (so the template shows the cell's number); unplaced ones have no number.
 *
 * Every sticker is cut out on its own, so with bleed each one reaches `bleedMm` past its cut line: under the
 * sticker lies a copy of its artwork (text left out) scaled to its bleed box, so the photo and the frame's edge
 * colours continue outward and a slightly off cut shows no white edge. With crop marks each sticker gets cut
 * marks at its corners (packages/model stickerCutMarks), in the gap between stickers.
 */
export function StickerSheetContent({
  sheet,
  width,
  height,
  at,
  bleedMm,
  marks,
  common,
}: {
  sheet: StickerSheet;
  width: number;
  height: number;
  at: { x: number; y: number };
  bleedMm: number;
  marks: boolean;
  common: RenderCommon;
}) {
  const doc = common.doc;
  const artwork = (item: StickerOnSheet, idSuffix: string) => {
    const cell = item.cellId ? doc.nodes[item.cellId] : undefined;
    const size = item.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
    const sticker = doc.stickers[item.stickerId];
    if (cell) {
      return (
        <StickerCellContent
          id={`${cell.id}${idSuffix}`}
          props={{ ...cell.props, x: 0, y: 0, width: size.width, height: size.height, rotation: 0, scale: 1 }}
        />
      );
    }
    return (
      sticker && (
        <StickerArtwork
          cellId={`unplaced-${item.stickerId}${idSuffix}`}
          sticker={sticker}
          width={size.width}
          height={size.height}
        />
      )
    );
  };
  const cutMarks = marks ? stickerCutMarks(sheet, bleedMm) : [];
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
        {bleedMm > 0 && <style>{BLEED_CSS}</style>}
        {sheet.stickers.map((item, i) => {
          const bleed = stickerBleedBox(item.box, bleedMm);
          const { width: w, height: h } = item.box;
          return (
            <g key={item.stickerId}>
              {bleedMm > 0 && (
                <g className="print-sticker-bleed" data-sticker-bleed={bleedMm}>
                  <clipPath id={`print-sticker-bleed-${i}`}>
                    <rect x={bleed.x} y={bleed.y} width={bleed.width} height={bleed.height} />
                  </clipPath>
                  <g clipPath={`url(#print-sticker-bleed-${i})`}>
                    <g
                      transform={`translate(${bleed.x} ${bleed.y}) scale(${bleed.width / w} ${bleed.height / h})`}
                    >
                      {artwork(item, '-bleed')}
                    </g>
                  </g>
                </g>
              )}
              <g
                transform={`translate(${item.box.x} ${item.box.y})`}
                data-print-sticker={item.stickerId}
                data-sticker-number={item.number ?? ''}
              >
                {artwork(item, '')}
              </g>
            </g>
          );
        })}
        {cutMarks.length > 0 && (
          <g
            stroke="#000000"
            strokeWidth={MARK_STROKE_MM}
            fill="none"
            data-sticker-cut-marks={cutMarks.length}
          >
            {cutMarks.map((m, i) => (
              <line key={i} x1={m.x1} y1={m.y1} x2={m.x2} y2={m.y2} />
            ))}
          </g>
        )}
      </svg>
    </RenderRoot>
  );
}
