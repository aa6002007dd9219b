/**
 * The selection frame: an oriented box on the canvas around the selection. One element (or group) gets a
 * frame turned with it, so its handles sit on its real corners; several elements get an axis-aligned frame
 * unless they all share one rotation (then the frame turns with them, as in Figma).
 */
import {
  applyToPoint,
  boundsOfPoints,
  localMatrix,
  type AlbumDocument,
  type Point,
} from '@stickerbook/model';
import { canvasRotation, leafCorners } from '../document/canvasGeometry.ts';

/** A box (x, y, width, height) turned by `rotation` degrees clockwise about its centre, on the canvas. */
export interface OrientedBox {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export type ResizeHandle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export type Handle = ResizeHandle | 'rotate' | 'scale';
export const RESIZE_HANDLES: readonly ResizeHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** Where each resize handle sits in the box, as fractions of width and height. */
export const HANDLE_FRACTIONS: Record<ResizeHandle, Point> = {
  nw: { x: 0, y: 0 },
  n: { x: 0.5, y: 0 },
  ne: { x: 1, y: 0 },
  e: { x: 1, y: 0.5 },
  se: { x: 1, y: 1 },
  s: { x: 0.5, y: 1 },
  sw: { x: 0, y: 1 },
  w: { x: 0, y: 0.5 },
};

/** Screen distances of the rotate handle (above the top edge) and scale handle (beyond the bottom-right corner). */
const ROTATE_HANDLE_OFFSET_PX = 24;
const SCALE_HANDLE_OFFSET_PX = 16;

const normalize = (degrees: number) => ((((degrees + 180) % 360) + 360) % 360) - 180;

export function boxMatrix(box: OrientedBox) {
  return localMatrix({ ...box, scale: 1 });
}

/** A point given in the box's own frame (0..width, 0..height) on the canvas. */
export function boxPoint(box: OrientedBox, local: Point): Point {
  return applyToPoint(boxMatrix(box), local);
}

/** The frame around some elements, or undefined for an empty selection. */
export function selectionFrame(doc: AlbumDocument, ids: readonly string[]): OrientedBox | undefined {
  const present = ids.filter((id) => doc.nodes[id]);
  if (present.length === 0) return undefined;
  const rotations = present.map((id) => normalize(canvasRotation(doc, id)));
  const shared = rotations.every((r) => Math.abs(r - rotations[0]) < 1e-6) ? rotations[0] : 0;
  const corners = present.flatMap((id) => leafCorners(doc, id));
  return boxAround(corners, shared);
}

/** The smallest box turned by `rotation` that holds every point. */
function boxAround(points: readonly Point[], rotation: number): OrientedBox {
  const radians = (-rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // Measure in a frame turned back by `rotation`, then turn the centre forward again.
  const turned = points.map((p) => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos }));
  const bounds = boundsOfPoints(turned);
  const centreTurned = { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
  const centre = {
    x: centreTurned.x * cos + centreTurned.y * sin,
    y: -centreTurned.x * sin + centreTurned.y * cos,
  };
  return {
    x: centre.x - bounds.width / 2,
    y: centre.y - bounds.height / 2,
    width: bounds.width,
    height: bounds.height,
    rotation,
  };
}

/** Canvas positions of every handle of a frame at a zoom (the rotate and scale handles keep a screen distance). */
export function handlePositions(box: OrientedBox, zoom: number): Record<Handle, Point> {
  const result = {} as Record<Handle, Point>;
  for (const handle of RESIZE_HANDLES) {
    const f = HANDLE_FRACTIONS[handle];
    result[handle] = boxPoint(box, { x: f.x * box.width, y: f.y * box.height });
  }
  result.rotate = boxPoint(box, { x: box.width / 2, y: -ROTATE_HANDLE_OFFSET_PX / zoom });
  const diagonal = SCALE_HANDLE_OFFSET_PX / zoom / Math.SQRT2;
  result.scale = boxPoint(box, { x: box.width + diagonal, y: box.height + diagonal });
  return result;
}

/**
 * The handle within `radiusMm` of a canvas point, if any; the rotate and scale handles win over corners.
 * Resize handles shrink to a quarter of the frame's shorter side, so a small element can still be grabbed by
 * its body to move it instead of always hitting a handle.
 */
export function handleAt(box: OrientedBox, zoom: number, point: Point, radiusMm: number): Handle | undefined {
  const positions = handlePositions(box, zoom);
  const resizeRadius = Math.min(radiusMm, Math.min(box.width, box.height) / 4);
  const order: Handle[] = ['rotate', 'scale', ...RESIZE_HANDLES];
  return order.find((handle) => {
    const radius = handle === 'rotate' || handle === 'scale' ? radiusMm : resizeRadius;
    return Math.hypot(positions[handle].x - point.x, positions[handle].y - point.y) <= radius;
  });
}
