/**
 * packages/model measures elements in their spread's coordinates; the editor works on the canvas, where spreads
 * are stacked (camera/layout.ts). These helpers lift model geometry to canvas coordinates and back.
 */
import {
  applyToPoint,
  boundsOfPoints,
  childrenOf,
  getNode,
  invert,
  multiply,
  placementFromMatrix,
  placementOf,
  spreadMatrix,
  spreadOf,
  transformedCorners,
  type AlbumDocument,
  type Matrix,
  type Placement,
  type Rect,
  type Point,
} from '@stickerbook/model';
import { spreadOffset } from '../camera/layout.ts';

const translation = (p: Point): Matrix => ({ a: 1, b: 0, c: 0, d: 1, e: p.x, f: p.y });

/** Maps a node's own coordinates to canvas coordinates (spreads: the identity plus the spread's offset). */
export function canvasMatrix(doc: AlbumDocument, id: string): Matrix {
  const spread = spreadOf(doc, id);
  const offset = spread ? spreadOffset(doc, spread.id) : { x: 0, y: 0 };
  return multiply(translation(offset), spreadMatrix(doc, id));
}

/** Rotation of a node on the canvas in degrees (its own plus its groups'). */
export function canvasRotation(doc: AlbumDocument, id: string): number {
  const m = canvasMatrix(doc, id);
  return (Math.atan2(m.b, m.a) * 180) / Math.PI;
}

/** The corners of every leaf element under `id` (itself when it is not a group), on the canvas. */
export function leafCorners(doc: AlbumDocument, id: string): Point[] {
  const node = getNode(doc, id);
  if (!node) return [];
  const children = node.type === 'Group' ? childrenOf(doc, id) : [];
  if (children.length > 0) return children.flatMap((child) => leafCorners(doc, child.id));
  const { width, height } = placementOf(node.props);
  return transformedCorners(canvasMatrix(doc, id), width, height);
}

/**
 * The placement (in its parent's coordinates) that puts `id` where `canvas` says, for an element keeping its
 * width and height: how a move, resize or rotation computed on the canvas becomes props again.
 */
export function placementFromCanvas(
  doc: AlbumDocument,
  id: string,
  canvas: Matrix,
  width: number,
  height: number,
): Placement {
  const parentId = getNode(doc, id)?.parentId;
  const parent = parentId ? getNode(doc, parentId) : undefined;
  const toParent = parent && parent.type !== 'Spread' ? invert(canvasMatrix(doc, parent.id)) : undefined;
  const spreadShift = parent?.type === 'Spread' ? spreadOffset(doc, parent.id) : { x: 0, y: 0 };
  const local = toParent ?? translation({ x: -spreadShift.x, y: -spreadShift.y });
  return placementFromMatrix(multiply(local, canvas), width, height);
}

/** Converts a canvas vector (a drag delta) into the coordinates of a node's parent. */
export function canvasDeltaToParent(doc: AlbumDocument, id: string, delta: Point): Point {
  const parentId = getNode(doc, id)?.parentId;
  const parent = parentId ? getNode(doc, parentId) : undefined;
  if (!parent || parent.type === 'Spread') return delta;
  const m = invert(canvasMatrix(doc, parent.id));
  const origin = applyToPoint(m, { x: 0, y: 0 });
  const moved = applyToPoint(m, delta);
  return { x: moved.x - origin.x, y: moved.y - origin.y };
}

/** Axis-aligned canvas bounds of a node (a group: of its leaves). */
export function canvasBounds(doc: AlbumDocument, id: string): Rect {
  return boundsOfPoints(leafCorners(doc, id));
}
