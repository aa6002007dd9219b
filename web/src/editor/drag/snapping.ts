/**
 * Smart guides and grid snapping for moves (SPEC §4, §9). The moving selection's left/centre/right and
 * top/middle/bottom snap to the same lines of its siblings and of the spread (edges, fold, page centres) when
 * within 5 ÷ zoom mm — inclusive: an offset of exactly the threshold snaps. Lines that then match within 0.03 mm
 * become guides for the UI to draw. Where no guide snaps and the grid is on, the box's top-left snaps to the
 * 5 mm grid of its spread. Ctrl turns all snapping off (the caller skips this module).
 */
import {
  childrenOf,
  GRID_SNAP_MM,
  PAGE_WIDTH_MM,
  SMART_GUIDE_MATCH_TOLERANCE,
  SMART_GUIDE_SNAP,
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  type AlbumDocument,
  type Rect,
} from '@stickerbook/model';
import { spreadOffset } from '../camera/layout.ts';

/** A line a box can snap to: `value` on its axis, spanning `from`..`to` on the other axis (for drawing). */
interface SnapLine {
  value: number;
  from: number;
  to: number;
}

export interface SnapTargets {
  /** Vertical lines (x values). */
  x: SnapLine[];
  /** Horizontal lines (y values). */
  y: SnapLine[];
}

/** A guide for the UI: a vertical (axis 'x') or horizontal (axis 'y') segment on the canvas. */
export interface Guide {
  axis: 'x' | 'y';
  position: number;
  from: number;
  to: number;
}

export interface SnapResult {
  dx: number;
  dy: number;
  guides: Guide[];
}

export const snapThresholdMm = (zoom: number): number => SMART_GUIDE_SNAP / zoom;

const xLines = (r: Rect) => [r.x, r.x + r.width / 2, r.x + r.width];
const yLines = (r: Rect) => [r.y, r.y + r.height / 2, r.y + r.height];

/** What a box moving on a spread can snap to: the spread's lines and its siblings' (canvas bounds given). */
export function snapTargets(spreadRect: Rect, siblingBounds: readonly Rect[]): SnapTargets {
  const { x, y } = spreadRect;
  const spanY = { from: y, to: y + SPREAD_HEIGHT_MM };
  const spanX = { from: x, to: x + SPREAD_WIDTH_MM };
  const targets: SnapTargets = {
    x: [0, PAGE_WIDTH_MM / 2, PAGE_WIDTH_MM, PAGE_WIDTH_MM * 1.5, SPREAD_WIDTH_MM].map((v) => ({
      value: x + v,
      ...spanY,
    })),
    y: [0, SPREAD_HEIGHT_MM / 2, SPREAD_HEIGHT_MM].map((v) => ({ value: y + v, ...spanX })),
  };
  for (const r of siblingBounds) {
    for (const value of xLines(r)) targets.x.push({ value, from: r.y, to: r.y + r.height });
    for (const value of yLines(r)) targets.y.push({ value, from: r.x, to: r.x + r.width });
  }
  return targets;
}

/** Canvas bounds of the children of `parentId` that are not moving, for `snapTargets`. */
export function siblingBounds(
  doc: AlbumDocument,
  parentId: string,
  moving: ReadonlySet<string>,
  boundsOf: (id: string) => Rect | undefined,
): Rect[] {
  const rects: Rect[] = [];
  for (const child of childrenOf(doc, parentId)) {
    if (moving.has(child.id)) continue;
    const bounds = boundsOf(child.id);
    if (bounds) rects.push(bounds);
  }
  return rects;
}

/** The smallest offset that brings one of `edges` onto a target line, if within the threshold. */
function bestOffset(
  edges: readonly number[],
  lines: readonly SnapLine[],
  threshold: number,
): number | undefined {
  let best: number | undefined;
  for (const edge of edges) {
    for (const line of lines) {
      const offset = line.value - edge;
      if (Math.abs(offset) <= threshold && (best === undefined || Math.abs(offset) < Math.abs(best)))
        best = offset;
    }
  }
  return best;
}

function guidesFor(
  axis: 'x' | 'y',
  edges: readonly number[],
  lines: readonly SnapLine[],
  box: Rect,
): Guide[] {
  const guides: Guide[] = [];
  const [boxFrom, boxTo] = axis === 'x' ? [box.y, box.y + box.height] : [box.x, box.x + box.width];
  for (const edge of edges) {
    for (const line of lines) {
      if (Math.abs(line.value - edge) > SMART_GUIDE_MATCH_TOLERANCE) continue;
      guides.push({
        axis,
        position: line.value,
        from: Math.min(line.from, boxFrom),
        to: Math.max(line.to, boxTo),
      });
    }
  }
  return guides;
}

export interface SnapOptions {
  zoom: number;
  /** Snap the top-left to the grid where no guide snaps (canvas origin of the spread the grid belongs to). */
  grid?: { originX: number; originY: number } | null;
}

/** Snaps a box that the raw pointer delta has already moved; returns the extra offset and the guides. */
export function snapBox(box: Rect, targets: SnapTargets, options: SnapOptions): SnapResult {
  const threshold = snapThresholdMm(options.zoom);
  let dx = bestOffset(xLines(box), targets.x, threshold);
  let dy = bestOffset(yLines(box), targets.y, threshold);
  if (options.grid) {
    const snapTo = (value: number, origin: number) =>
      origin + Math.round((value - origin) / GRID_SNAP_MM) * GRID_SNAP_MM;
    dx ??= snapTo(box.x, options.grid.originX) - box.x;
    dy ??= snapTo(box.y, options.grid.originY) - box.y;
  }
  const snapped = { ...box, x: box.x + (dx ?? 0), y: box.y + (dy ?? 0) };
  const guides = [
    ...guidesFor('x', xLines(snapped), targets.x, snapped),
    ...guidesFor('y', yLines(snapped), targets.y, snapped),
  ];
  return { dx: dx ?? 0, dy: dy ?? 0, guides };
}

/** Grid origin of a spread (the grid is drawn per spread, from its top-left corner). */
export function gridOrigin(doc: AlbumDocument, spreadId: string): { originX: number; originY: number } {
  const offset = spreadOffset(doc, spreadId);
  return { originX: offset.x, originY: offset.y };
}
