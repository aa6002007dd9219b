/**
 * Sticker numbers (SPEC §3): derived, never stored, from the order of sticker-cell placements through the album.
 *
 * Order: sections in order, their spreads in order; within a spread, the left page before the right page, then
 * top to bottom, then left to right, using each cell's position on the spread (through any groups, rotation
 * included; ties fall back to the cells' stacking order). This follows how a collector reads a page; a layout's
 * stacking order is an accident of how it was built. A double sticker takes two consecutive numbers.
 * Unplaced stickers have no number.
 *
 * Linear in the number of nodes plus a sort per spread; cached per document object.
 */
import type { AlbumDocument, DocNode } from './document.ts';
import { nodeBoundsInSpread, pageSideAt } from './geometry.ts';
import { childrenOf, spreadsInOrder } from './tree.ts';

export interface StickerNumbering {
  /** Numbers of each placed sticker: one, or two for a double sticker. */
  numbersBySticker: ReadonlyMap<string, readonly number[]>;
  /** Placed cells in numbering order. */
  cellOrder: readonly string[];
  /** Numbers handed out: the highest number (doubles count twice). */
  total: number;
}

const cache = new WeakMap<AlbumDocument, StickerNumbering>();

function cellsOnSpread(doc: AlbumDocument, spreadId: string): DocNode[] {
  const cells: DocNode[] = [];
  const visit = (parentId: string) => {
    for (const child of childrenOf(doc, parentId)) {
      if (child.type === 'StickerCell') cells.push(child);
      else if (child.type === 'Group') visit(child.id);
    }
  };
  visit(spreadId);
  return cells;
}

interface Placed {
  cell: DocNode;
  stickerId: string;
  side: number;
  top: number;
  left: number;
  stack: number;
}

/** Fast path for the common case (a cell straight on the spread, not rotated or scaled): no matrix maths. */
function simpleBounds(cell: DocNode, spreadId: string) {
  const { x, y, width, height, rotation, scale } = cell.props;
  if (
    cell.parentId !== spreadId ||
    (rotation !== undefined && rotation !== 0) ||
    (scale !== undefined && scale !== 1)
  ) {
    return undefined;
  }
  return { x: x as number, y: y as number, width: width as number, height: height as number };
}

export function numberStickers(doc: AlbumDocument): StickerNumbering {
  const cached = cache.get(doc);
  if (cached) return cached;
  const numbersBySticker = new Map<string, number[]>();
  const cellOrder: string[] = [];
  let next = 1;
  for (const spread of spreadsInOrder(doc)) {
    const placed: Placed[] = [];
    cellsOnSpread(doc, spread.id).forEach((cell, stack) => {
      const stickerId = cell.props.stickerId;
      if (typeof stickerId !== 'string' || !Object.hasOwn(doc.stickers, stickerId)) return;
      const bounds = simpleBounds(cell, spread.id) ?? nodeBoundsInSpread(doc, cell.id);
      const side = pageSideAt(bounds.x + bounds.width / 2) === 'left' ? 0 : 1;
      placed.push({ cell, stickerId, side, top: bounds.y, left: bounds.x, stack });
    });
    placed.sort((a, b) => a.side - b.side || a.top - b.top || a.left - b.left || a.stack - b.stack);
    for (const { cell, stickerId } of placed) {
      // A sticker in two cells (an invalid document) keeps the number of its first placement.
      if (numbersBySticker.has(stickerId)) continue;
      const numbers = doc.stickers[stickerId].doubleSticker ? [next, next + 1] : [next];
      next += numbers.length;
      numbersBySticker.set(stickerId, numbers);
      cellOrder.push(cell.id);
    }
  }
  const result: StickerNumbering = { numbersBySticker, cellOrder, total: next - 1 };
  cache.set(doc, result);
  return result;
}

/** Display label of a sticker's numbers: '7', or '8-9' for a double sticker. */
export function stickerNumberLabel(doc: AlbumDocument, stickerId: string): string {
  const numbers = numberStickers(doc).numbersBySticker.get(stickerId);
  return numbers ? numbers.join('-') : '';
}
