/**
 * Sticker sheets and sticker packs (SPEC §9): every sticker laid out on A4 sheets or dealt into packs of 4, each
 * cut out on its own.
 */
import { PRINT_BLEED_MM, STICKERS_PER_PACK } from '../constants.ts';
import type { AlbumDocument, DocNode } from '../document.ts';
import { DOUBLE_STICKER_CELL_MM, STICKER_CELL_MM } from '../document.ts';
import { numberStickers } from '../numbering.ts';
import { CROP_MARK_GAP_MM, type Box, type Segment } from './geometry.ts';

/**
 * Sticker sheets are A4 portrait. Every sticker is cut out on its own, so each gets its own 2 mm bleed and cut
 * marks at its corners; the 12 mm gap between stickers holds both neighbours' bleed (2 mm each), the 1 mm
 * clearance and 3 mm marks, so no mark reaches another sticker's bleed (3 x 3 singles per sheet, as before).
 */
export const STICKER_SHEET_MM = { width: 210, height: 297, margin: 10, gap: 12 } as const;
/** Length of a sticker's cut marks. */
const STICKER_CUT_MARK_MM = 3;

interface StickerOnSheet {
  stickerId: string;
  /** The cell the sticker is placed in (for its number and frame); undefined for unplaced stickers. */
  cellId?: string;
  /** Its first number; undefined when unplaced. */
  number?: number;
  double: boolean;
  /** Trim box of the sticker on the sheet's trimmed area. */
  box: Box;
}

export interface StickerSheet {
  stickers: StickerOnSheet[];
}

/**
 * Every sticker of the album, in number order (placed stickers first, then unplaced ones in document order),
 * laid out row by row on A4 sheets; a double sticker takes two columns' width and never splits across rows.
 */
export function stickerSheets(doc: AlbumDocument): StickerSheet[] {
  return layoutStickerSheets(stickersInNumberOrder(doc));
}

/** A sticker as it is printed, before it has a place on a sheet. */
export type StickerItem = Omit<StickerOnSheet, 'box'>;
/**
 * The sticker packs of a stickerpack print file (SPEC §9 "Sticker pack holds 4 random stickers"): every sticker
 * of the album shuffled and dealt out 4 to a pack, so the file is one print run in which every sticker is printed
 * equally often (ceil(stickers / 4) packs; the print shop prints the file as many times as packs are ordered,
 * and no sticker is rarer than another). Each pack holds 4 different stickers; the last pack, when fewer than 4
 * are left, is topped up with stickers drawn from the rest of the album. An album with fewer than 4 stickers
 * gets one pack with some drawn twice, as a collector's pack has doubles. None for an album without stickers.
 * `random` returns [0, 1) like Math.random (seededRandom for a reproducible draw: the same seed, the same packs).
 */
export function stickerPacks(doc: AlbumDocument, random: () => number = Math.random): StickerItem[][] {
  const pool = stickersInNumberOrder(doc);
  const pick = (from: readonly StickerItem[]) =>
    from[Math.min(from.length - 1, Math.floor(random() * from.length))];
  // Fisher-Yates shuffle of the whole set.
  const deck = [...pool];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const packs: StickerItem[][] = [];
  for (let at = 0; at < deck.length; at += STICKERS_PER_PACK) {
    const pack = deck.slice(at, at + STICKERS_PER_PACK);
    while (pack.length < STICKERS_PER_PACK) {
      const others = pool.filter((item) => !pack.includes(item));
      pack.push(pick(others.length > 0 ? others : pool));
    }
    packs.push(pack);
  }
  return packs;
}

/** Every sticker once: placed ones in number order, then unplaced ones in document order. */
function stickersInNumberOrder(doc: AlbumDocument): StickerItem[] {
  const numbering = numberStickers(doc);
  const items: StickerItem[] = [];
  const cellOf = new Map<string, DocNode>();
  for (const cellId of numbering.cellOrder) {
    const cell = doc.nodes[cellId];
    const stickerId = cell?.props.stickerId;
    if (typeof stickerId === 'string' && !cellOf.has(stickerId)) cellOf.set(stickerId, cell);
  }
  for (const [stickerId, cell] of cellOf) {
    const sticker = doc.stickers[stickerId];
    items.push({
      stickerId,
      cellId: cell.id,
      number: numbering.numbersBySticker.get(stickerId)?.[0],
      double: sticker.doubleSticker,
    });
  }
  for (const sticker of Object.values(doc.stickers)) {
    if (!cellOf.has(sticker.id)) items.push({ stickerId: sticker.id, double: sticker.doubleSticker });
  }
  return items;
}

/** Lays the stickers out row by row on A4 sheets; a double sticker never splits across rows. */
function layoutStickerSheets(items: StickerItem[]): StickerSheet[] {
  // The gap must hold both neighbours' bleed, clearance and marks (see STICKER_SHEET_MM).
  const reach = PRINT_BLEED_MM + CROP_MARK_GAP_MM + STICKER_CUT_MARK_MM;
  if (STICKER_SHEET_MM.gap < 2 * reach) throw new Error('Sticker gap too small for bleed and cut marks');
  const { width, height, margin, gap } = STICKER_SHEET_MM;
  const pitchX = STICKER_CELL_MM.width + gap;
  const pitchY = STICKER_CELL_MM.height + gap;
  const columns = Math.floor((width - 2 * margin + gap) / pitchX);
  const rows = Math.floor((height - 2 * margin + gap) / pitchY);
  // Centre the grid on the sheet.
  const offsetX = (width - (columns * pitchX - gap)) / 2;
  const offsetY = (height - (rows * pitchY - gap)) / 2;
  const sheets: StickerSheet[] = [];
  let sheet: StickerSheet | undefined;
  let row = 0;
  let column = 0;
  for (const item of items) {
    const span = item.double ? 2 : 1;
    if (column + span > columns) {
      row += 1;
      column = 0;
    }
    if (!sheet || row >= rows) {
      sheet = { stickers: [] };
      sheets.push(sheet);
      row = 0;
      column = 0;
    }
    const size = item.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
    // A double cell spans two columns including the gap between them; its artwork stays 100 x 70 centred.
    const slotWidth = span * pitchX - gap;
    sheet.stickers.push({
      ...item,
      box: {
        x: offsetX + column * pitchX + (slotWidth - size.width) / 2,
        y: offsetY + row * pitchY,
        width: size.width,
        height: size.height,
      },
    });
    column += span;
  }
  return sheets;
}

/** A sticker's bleed box: its trim box grown by `bleedMm` on every side. */
export function stickerBleedBox(box: Box, bleedMm: number): Box {
  return {
    x: box.x - bleedMm,
    y: box.y - bleedMm,
    width: box.width + 2 * bleedMm,
    height: box.height + 2 * bleedMm,
  };
}

/**
 * Cut marks of every sticker on a sheet (sheet trim coordinates): at each corner one mark continuing the
 * horizontal and one continuing the vertical cut line, starting 1 mm outside the sticker's bleed. They stay in
 * the gap between stickers (STICKER_SHEET_MM), so they never print onto a sticker or its bleed.
 */
export function stickerCutMarks(sheet: StickerSheet, bleedMm: number): Segment[] {
  const from = bleedMm + CROP_MARK_GAP_MM;
  const to = from + STICKER_CUT_MARK_MM;
  const marks: Segment[] = [];
  for (const { box } of sheet.stickers) {
    const right = box.x + box.width;
    const bottom = box.y + box.height;
    for (const y of [box.y, bottom]) {
      marks.push({ x1: box.x - to, y1: y, x2: box.x - from, y2: y });
      marks.push({ x1: right + from, y1: y, x2: right + to, y2: y });
    }
    for (const x of [box.x, right]) {
      marks.push({ x1: x, y1: box.y - to, x2: x, y2: box.y - from });
      marks.push({ x1: x, y1: bottom + from, x2: x, y2: bottom + to });
    }
  }
  return marks;
}
