/**
 * Lasso selection (SPEC §2): a free-hand polygon on the canvas selects the elements of the current scope whose
 * whole outline lies inside it. Testing every corner of every leaf (not axis-aligned bounds) means a rotated
 * element is judged by its real shape, unlike packages/model's rectangle `elementsInRect`.
 */
import { childrenOf, type AlbumDocument, type Point } from '@stickerbook/model';
import { leafCorners } from '../document/canvasGeometry.ts';
import { isHittable } from './hitTest.ts';

/** Even-odd ray casting; points exactly on an edge may fall either way, which a hand-drawn lasso never notices. */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

/**
 * Elements selected by a lasso. `scopeIds` are the parents to look in: the spreads the lasso touches, or the
 * isolated group. Locked elements are never selected.
 */
export function elementsInLasso(
  doc: AlbumDocument,
  polygon: readonly Point[],
  scopeIds: readonly string[],
): string[] {
  if (polygon.length < 3) return [];
  const selected: string[] = [];
  for (const scopeId of scopeIds) {
    for (const node of childrenOf(doc, scopeId)) {
      if (!isHittable(node)) continue;
      const corners = leafCorners(doc, node.id);
      if (corners.length > 0 && corners.every((corner) => pointInPolygon(corner, polygon)))
        selected.push(node.id);
    }
  }
  return selected;
}

/** Whether the pointer travelled far enough to start a lasso or drag: 5 screen px (SPEC §9), in canvas mm. */
export function beyondThreshold(from: Point, to: Point, thresholdMm: number): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) > thresholdMm;
}
