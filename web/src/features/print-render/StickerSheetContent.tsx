import {
  DOUBLE_STICKER_CELL_MM,
  STICKER_CELL_MM,
  stickerBleedBox,
  stickerCutMarks,
  type AlbumDocument,
  type Box,
  type StickerItem,
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
        {sheet.stickers.map((item, i) => (
          <StickerWithBleed
            key={item.stickerId}
            item={item}
            box={item.box}
            bleedMm={bleedMm}
            clipId={`print-sticker-bleed-${i}`}
            idSuffix=""
            doc={common.doc}
          />
        ))}
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

/**
 * One sticker of a sticker pack (stickerpack mode) on a sheet of its own size: it is cut out on its own, so its
 * trim is the sheet's trim, and its bleed (the same scaled copy of its artwork as on a sticker sheet) and the
 * sheet's crop marks sit around it. `pageKey` keeps the ids of its artwork apart from the same sticker in
 * another pack of the file. Drawn in trim coordinates from `at`, the corner of the sheet's bleed box.
 */
export function PackStickerContent({
  sticker,
  width,
  height,
  at,
  bleedMm,
  pageKey,
  common,
}: {
  sticker: StickerItem;
  width: number;
  height: number;
  at: { x: number; y: number };
  bleedMm: number;
  pageKey: string;
  common: RenderCommon;
}) {
  const b = bleedMm;
  return (
    <RenderRoot {...common}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${-b} ${-b} ${width + 2 * b} ${height + 2 * b}`}
        style={{
          position: 'absolute',
          left: `${at.x}mm`,
          top: `${at.y}mm`,
          width: `${width + 2 * b}mm`,
          height: `${height + 2 * b}mm`,
          display: 'block',
        }}
      >
        {b > 0 && <style>{BLEED_CSS}</style>}
        <StickerWithBleed
          item={sticker}
          box={{ x: 0, y: 0, width, height }}
          bleedMm={b}
          clipId={`print-sticker-bleed-${pageKey}`}
          idSuffix={`-${pageKey}`}
          doc={common.doc}
        />
      </svg>
    </RenderRoot>
  );
}

/** A sticker's artwork at its trim box, with a copy of it (text left out) stretched over its bleed box beneath. */
function StickerWithBleed({
  item,
  box,
  bleedMm,
  clipId,
  idSuffix,
  doc,
}: {
  item: StickerItem;
  box: Box;
  bleedMm: number;
  clipId: string;
  idSuffix: string;
  doc: AlbumDocument;
}) {
  const artwork = (suffix: string) => {
    const cell = item.cellId ? doc.nodes[item.cellId] : undefined;
    const size = item.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
    const sticker = doc.stickers[item.stickerId];
    if (cell) {
      return (
        <StickerCellContent
          id={`${cell.id}${suffix}`}
          props={{ ...cell.props, x: 0, y: 0, width: size.width, height: size.height, rotation: 0, scale: 1 }}
        />
      );
    }
    return (
      sticker && (
        <StickerArtwork
          cellId={`unplaced-${item.stickerId}${suffix}`}
          sticker={sticker}
          width={size.width}
          height={size.height}
        />
      )
    );
  };
  const bleed = stickerBleedBox(box, bleedMm);
  const { width: w, height: h } = box;
  return (
    <g>
      {bleedMm > 0 && (
        <g className="print-sticker-bleed" data-sticker-bleed={bleedMm}>
          <clipPath id={clipId}>
            <rect x={bleed.x} y={bleed.y} width={bleed.width} height={bleed.height} />
          </clipPath>
          <g clipPath={`url(#${clipId})`}>
            <g transform={`translate(${bleed.x} ${bleed.y}) scale(${bleed.width / w} ${bleed.height / h})`}>
              {artwork(`${idSuffix}-bleed`)}
            </g>
          </g>
        </g>
      )}
      <g
        transform={`translate(${box.x} ${box.y})`}
        data-print-sticker={item.stickerId}
        data-sticker-number={item.number ?? ''}
      >
        {artwork(idSuffix)}
      </g>
    </g>
  );
}
