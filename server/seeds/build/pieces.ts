/**
 * Page pieces every blueprint draws in its own colours and type: full-page fills, grids of note or autograph
 * boxes, the three album facts of the intro page, page-number badges and the album-and-date sign-off.
 */
import type { DocNode, ElementProps } from '@stickerbook/model';
import type { ElementSink } from './doc.ts';
import { auto, type Box } from './elements.ts';
import { PAGE_H, PAGE_W, pageX, type Side } from './geometry.ts';
import type { TextStyle } from './text.ts';

/** A rectangle covering one whole page (`props` brings its fill, opacity, ...). */
export function pageFill(spread: ElementSink, side: Side, props: Partial<ElementProps>): DocNode {
  return spread.rect({ x: pageX(side), y: 0, width: PAGE_W, height: PAGE_H, ...props });
}

export interface BoxGrid {
  /** Top-left of the first box. */
  x: number;
  y: number;
  rows: number;
  cols: number;
  width: number;
  height: number;
  /** Distance from one box's left (top) edge to the next one's. */
  stepX: number;
  stepY: number;
}

/** Rows of equal rectangles (notes, autographs, wishes), drawn row by row; `props` may vary per box. */
export function boxGrid(
  spread: ElementSink,
  grid: BoxGrid,
  props: (row: number, col: number) => Partial<ElementProps>,
): void {
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.cols; col++) {
      spread.rect({
        x: grid.x + col * grid.stepX,
        y: grid.y + row * grid.stepY,
        width: grid.width,
        height: grid.height,
        ...props(row, col),
      });
    }
  }
}

export type FactSymbol = 'totalstickers' | 'totalpages' | 'release_date';

export interface AlbumFact {
  symbol: FactSymbol;
  caption: string;
}

const FACT_SYMBOLS: readonly FactSymbol[] = ['totalstickers', 'totalpages', 'release_date'];

/**
 * The intro page's three facts (stickers, pages, release date), each drawn by `tile` with its caption;
 * `captions` name them in that order.
 */
export function albumFacts(
  captions: readonly [string, string, string],
  tile: (fact: AlbumFact, index: number) => void,
): void {
  FACT_SYMBOLS.forEach((symbol, index) => tile({ symbol, caption: captions[index] }, index));
}

/**
 * An automatic text centred on a shape: the page number in a coloured square or dot. The text box spans
 * the shape's width, `textTop` mm below its top, 6 mm high.
 */
export function symbolBadge(
  spread: ElementSink,
  shape: 'rect' | 'circle',
  box: Box,
  shapeProps: Partial<ElementProps>,
  text: { symbol: 'pagenum'; textTop: number; style: TextStyle; fill: ElementProps['fill'] },
): void {
  spread[shape]({ ...box, ...shapeProps });
  auto(spread, text.symbol, { ...box, y: box.y + text.textTop, height: 6 }, text.style, text.fill);
}

/**
 * The sign-off of a closing page: the album title with the release date `step` mm below it, in one style
 * and two colours.
 */
export function albumAndDate(
  spread: ElementSink,
  box: Box,
  step: number,
  style: TextStyle,
  fills: { album: ElementProps['fill']; date: ElementProps['fill'] },
  extra: Partial<ElementProps> = {},
): void {
  auto(spread, 'album', box, style, fills.album, extra);
  auto(spread, 'release_date', { ...box, y: box.y + step }, style, fills.date, extra);
}
