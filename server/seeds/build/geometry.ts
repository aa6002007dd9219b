/**
 * Page geometry the seed layouts are drawn on (SPEC §9, DESIGN.md "The album document"): millimetres,
 * a spread is two 230 x 297 pages, element x/y relative to the spread's top-left.
 */
import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM, STICKER_CELL_MM } from '@stickerbook/model';

export const PAGE_W = PAGE_WIDTH_MM;
export const PAGE_H = PAGE_HEIGHT_MM;
export const SPREAD_W = PAGE_WIDTH_MM * 2;
export const CELL_W = STICKER_CELL_MM.width;
export const CELL_H = STICKER_CELL_MM.height;
export const DOUBLE_CELL_W = CELL_W * 2;

/** Sticker cells keep this far from the trim edge and from the fold (our house rule, checked by the seed test). */
export const CELL_MIN_TRIM_MM = 10;
export const CELL_MIN_FOLD_MM = 8;

export type Side = 'left' | 'right';

/** x of a page's left edge inside the spread. */
export function pageX(side: Side): number {
  return side === 'left' ? 0 : PAGE_W;
}

/**
 * x of something `fromOuter` mm away from the page's outer edge (the trim side, away from the fold),
 * so mirrored layouts read the same on both pages.
 */
export function outerX(side: Side, fromOuter: number, width: number): number {
  return side === 'left' ? fromOuter : SPREAD_W - fromOuter - width;
}

/** Rounds to 0.1 mm so the JSON stays readable and stable. */
export function mm(value: number): number {
  return Math.round(value * 10) / 10;
}
