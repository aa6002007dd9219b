/**
 * Page layouts shared by every blueprint: where the sticker cells go. Each blueprint brings its own look
 * (a `PageTheme`: backgrounds, headers, page numbers); the cell grids are common so every template keeps
 * the same safe margins (rows centred on the page: >= 28 mm from trim and fold for three cells per row).
 */
import type { AlbumBuilder, ElementSink } from './doc.ts';
import { CELL_H, CELL_W, DOUBLE_CELL_W, PAGE_H, PAGE_W, SPREAD_W, mm, pageX, type Side } from './geometry.ts';

export interface FeatureCopy {
  /** Small line above the section name, e.g. 'Meet the squad'. */
  kicker: string;
  /** One or two sentences the owner will replace. */
  intro: string;
}

export interface PageTheme {
  /** Background and decoration of a content page. */
  contentPage(spread: ElementSink, side: Side): void;
  /** A slim header (y 0 to ~40) carrying the automatic section name. */
  runningHeader(spread: ElementSink, side: Side): void;
  /** A large header (y 0 to ~115) with the section name, a kicker and an intro text. */
  featureHeader(spread: ElementSink, side: Side, copy: FeatureCopy): void;
  /** The automatic page number near the bottom outer corner. */
  pageNumber(spread: ElementSink, side: Side): void;
}

/** 's' single cell (50 x 70), 'd' double cell (100 x 70). */
export type CellRow = Array<'s' | 'd'>;

const GAP_X = 12;
const GAP_Y = 9;
/** First cell row under a running header, and under a feature header. */
export const GRID_TOP = 46;
export const FEATURE_GRID_TOP = 124;

/** Rows of cells, each row centred on the page. Returns the y below the last row. */
export function cellRows(spread: ElementSink, side: Side, top: number, rows: CellRow[]): number {
  let y = top;
  for (const row of rows) {
    const width = row.reduce((sum, kind) => sum + (kind === 'd' ? DOUBLE_CELL_W : CELL_W), 0);
    let x = pageX(side) + (PAGE_W - width - GAP_X * (row.length - 1)) / 2;
    for (const kind of row) {
      spread.cell(mm(x), mm(y), kind === 'd');
      x += (kind === 'd' ? DOUBLE_CELL_W : CELL_W) + GAP_X;
    }
    y += CELL_H + GAP_Y;
  }
  return y - GAP_Y;
}

export type PageKind =
  /** Running header, 3 x 3 singles. */
  | 'grid9'
  /** Running header, a double and a single, then 2 x 3 singles. */
  | 'double8'
  /** Feature header, 2 x 3 singles. */
  | 'feature6'
  /** Feature header, a double and a single, then 3 singles. */
  | 'featureDouble5';

export const PAGE_KIND_CELLS: Record<PageKind, CellRow[]> = {
  grid9: [
    ['s', 's', 's'],
    ['s', 's', 's'],
    ['s', 's', 's'],
  ],
  double8: [
    ['d', 's'],
    ['s', 's', 's'],
    ['s', 's', 's'],
  ],
  feature6: [
    ['s', 's', 's'],
    ['s', 's', 's'],
  ],
  featureDouble5: [
    ['s', 'd'],
    ['s', 's', 's'],
  ],
};

/**
 * Background photos are faded so the page's headers and numbers stay legible over any photo; the owner can
 * raise the opacity of a placed background like any element's.
 */
export const BACKGROUND_OPACITY = 35;

/**
 * An empty background image slot (SPEC §5 layout slots; the spread creation modal fills it with a dropped
 * background photo). It is the bottom layer, so the theme's page tints and every cell stay above the photo.
 */
export function backgroundSlot(spread: ElementSink, box: { x: number; width: number }): void {
  spread.element('Image', { ...box, y: 0, height: PAGE_H, opacity: BACKGROUND_OPACITY }, 'background');
}

/**
 * Which background slots a content spread has: a spread opening a section (feature header on the left page)
 * takes one photo across both pages, the others one photo per page.
 */
export function backgroundSlots(spread: ElementSink, left: PageKind): void {
  if (left === 'feature6' || left === 'featureDouble5') {
    backgroundSlot(spread, { x: 0, width: SPREAD_W });
    return;
  }
  backgroundSlot(spread, { x: pageX('left'), width: PAGE_W });
  backgroundSlot(spread, { x: pageX('right'), width: PAGE_W });
}

export function contentPage(
  spread: ElementSink,
  theme: PageTheme,
  side: Side,
  kind: PageKind,
  copy: FeatureCopy,
): void {
  theme.contentPage(spread, side);
  const feature = kind === 'feature6' || kind === 'featureDouble5';
  if (feature) theme.featureHeader(spread, side, copy);
  else theme.runningHeader(spread, side);
  cellRows(spread, side, feature ? FEATURE_GRID_TOP : GRID_TOP, PAGE_KIND_CELLS[kind]);
  theme.pageNumber(spread, side);
}

/** A content spread: two pages of a section. */
export function contentSpread(
  album: AlbumBuilder,
  sectionId: string,
  theme: PageTheme,
  left: PageKind,
  right: PageKind,
  copy: FeatureCopy,
): ElementSink {
  const spread = album.spread(sectionId);
  backgroundSlots(spread, left);
  contentPage(spread, theme, 'left', left, copy);
  contentPage(spread, theme, 'right', right, copy);
  return spread;
}
