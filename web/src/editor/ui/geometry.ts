/**
 * Screen-space geometry for overlays: the engine works in canvas millimetres, overlays draw in viewport
 * pixels. Pure functions, so the components only render.
 */
import { applyToPoint, type Matrix, type Point } from '@stickerbook/model';
import type { Camera } from '../camera/camera.ts';
import { boxPoint, type OrientedBox } from '../transform/frame.ts';

export function toScreen(camera: Camera, point: Point): Point {
  return { x: (point.x - camera.x) * camera.zoom, y: (point.y - camera.y) * camera.zoom };
}

/** The four corners of an oriented box, on screen, clockwise from the top-left. */
export function boxCornersOnScreen(
  camera: Camera,
  box: OrientedBox,
  offset: Point = { x: 0, y: 0 },
): Point[] {
  return [
    { x: 0, y: 0 },
    { x: box.width, y: 0 },
    { x: box.width, y: box.height },
    { x: 0, y: box.height },
  ].map((local) => {
    const p = boxPoint(box, local);
    return toScreen(camera, { x: p.x + offset.x, y: p.y + offset.y });
  });
}

export const polygonPoints = (points: readonly Point[]): string =>
  points.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');

/** A CSS matrix() putting a node's own millimetre coordinates on screen (for HTML editors over elements). */
export function cssMatrixOnScreen(camera: Camera, canvas: Matrix): string {
  const z = camera.zoom;
  const origin = toScreen(camera, applyToPoint(canvas, { x: 0, y: 0 }));
  return `matrix(${canvas.a * z}, ${canvas.b * z}, ${canvas.c * z}, ${canvas.d * z}, ${origin.x}, ${origin.y})`;
}

const round = (n: number) => Math.round(n * 100) / 100;
