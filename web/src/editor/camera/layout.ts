/**
 * Where each spread sits on the canvas: stacked vertically with a 60 mm gap (packages/model `spreadOriginMm`).
 * Cached per spread list, which packages/model caches per immutable node map, so the layout is rebuilt only
 * when a document change actually produced a new tree index.
 */
import {
  canvasSizeMm,
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  spreadOrdinalAtY,
  spreadOriginMm,
  spreadsInOrder,
  type AlbumDocument,
  type DocNode,
  type Point,
  type Rect,
} from '@stickerbook/model';

export interface SpreadLayout {
  /** Spread ids in album order. */
  order: readonly string[];
  rects: ReadonlyMap<string, Rect>;
  /** The whole album: every spread and the gaps between them. */
  bounds: Rect;
}

const cache = new WeakMap<readonly DocNode[], SpreadLayout>();

export function spreadLayout(doc: AlbumDocument): SpreadLayout {
  const spreads = spreadsInOrder(doc);
  const cached = cache.get(spreads);
  if (cached) return cached;
  const rects = new Map<string, Rect>();
  spreads.forEach((spread, ordinal) => {
    const origin = spreadOriginMm(ordinal);
    rects.set(spread.id, { ...origin, width: SPREAD_WIDTH_MM, height: SPREAD_HEIGHT_MM });
  });
  const layout: SpreadLayout = {
    order: spreads.map((spread) => spread.id),
    rects,
    bounds: { x: 0, y: 0, ...canvasSizeMm(spreads.length) },
  };
  cache.set(spreads, layout);
  return layout;
}

/** The spread whose rectangle contains a canvas point, if any (points in the gaps belong to none). */
export function spreadIdAtPoint(doc: AlbumDocument, point: Point): string | undefined {
  const layout = spreadLayout(doc);
  if (point.x < 0 || point.x > SPREAD_WIDTH_MM) return undefined;
  const ordinal = spreadOrdinalAtY(point.y, layout.order.length);
  return ordinal < 0 ? undefined : layout.order[ordinal];
}

/** The spread nearest to a canvas point by vertical distance (paste target, current spread of the viewport). */
export function nearestSpreadId(doc: AlbumDocument, point: Point): string | undefined {
  const layout = spreadLayout(doc);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const id of layout.order) {
    const rect = layout.rects.get(id)!;
    const distance = Math.max(rect.y - point.y, 0, point.y - (rect.y + rect.height));
    if (distance < bestDistance) {
      best = id;
      bestDistance = distance;
    }
  }
  return best;
}

/** Canvas position of a spread's origin; elements' spread coordinates plus this give canvas coordinates. */
export function spreadOffset(doc: AlbumDocument, spreadId: string): Point {
  const rect = spreadLayout(doc).rects.get(spreadId);
  return rect ? { x: rect.x, y: rect.y } : { x: 0, y: 0 };
}
