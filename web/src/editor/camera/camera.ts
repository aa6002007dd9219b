/**
 * Camera math, pure. Convention: the canvas ("page space") is in millimetres with the spreads stacked as
 * packages/model lays them out; the camera is the page point at the viewport's top-left corner plus a zoom in
 * screen px per mm. At zoom 1 one millimetre is one CSS pixel, so the zoom menu's 50/100/200/300 % read
 * directly as the `zoom` value (as in the original editor, whose document units were px at 100 %).
 */
import { ZOOM_MAX, ZOOM_WHEEL_STEP_PER_UNIT, type Point, type Rect } from '@stickerbook/model';

export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** SPEC names only the maximum; 5 % still shows the whole 60-spread album in a normal window. */
const ZOOM_MIN = 0.05;
/** Screen px kept free around a fitted spread or album, so its edges are not flush with the viewport. */
const FIT_PADDING_PX = 32;

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

export function screenToPage(camera: Camera, point: Point): Point {
  return { x: point.x / camera.zoom + camera.x, y: point.y / camera.zoom + camera.y };
}

export function pageToScreen(camera: Camera, point: Point): Point {
  return { x: (point.x - camera.x) * camera.zoom, y: (point.y - camera.y) * camera.zoom };
}

/** The page rectangle the viewport shows. */
export function viewportPageRect(camera: Camera, viewport: Size): Rect {
  return {
    x: camera.x,
    y: camera.y,
    width: viewport.width / camera.zoom,
    height: viewport.height / camera.zoom,
  };
}

/** Zooms so the page point under `screenPoint` stays under it (ctrl-wheel, pinch, zoom menu around the centre). */
export function zoomAround(camera: Camera, screenPoint: Point, zoom: number): Camera {
  const next = clampZoom(zoom);
  const anchor = screenToPage(camera, screenPoint);
  return { x: anchor.x - screenPoint.x / next, y: anchor.y - screenPoint.y / next, zoom: next };
}

/** SPEC §9: about 0.75 % per wheel unit; exponential so zooming in and back out by the same delta cancels. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.pow(1 + ZOOM_WHEEL_STEP_PER_UNIT, -deltaY);
}

/**
 * Two-finger pinch (touch screens): the zoom follows the distance between the fingers, and the page point that
 * was under their midpoint when the pinch began stays under their midpoint (so moving both fingers pans).
 * `start` is the camera when the second finger went down; points are screen px.
 */
export function pinchCamera(
  start: Camera,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
): Camera {
  const distance = (p: readonly [Point, Point]) => Math.hypot(p[1].x - p[0].x, p[1].y - p[0].y);
  const midpoint = (p: readonly [Point, Point]) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
  const startDistance = distance(from);
  const zoom = clampZoom(startDistance > 0 ? (start.zoom * distance(to)) / startDistance : start.zoom);
  const anchor = screenToPage(start, midpoint(from));
  const mid = midpoint(to);
  return { x: anchor.x - mid.x / zoom, y: anchor.y - mid.y / zoom, zoom };
}

/** Plain wheel scrolls: the deltas are screen pixels. */
export function panByScreen(camera: Camera, dx: number, dy: number): Camera {
  return { ...camera, x: camera.x + dx / camera.zoom, y: camera.y + dy / camera.zoom };
}

/** The camera that shows `rect` whole and centred in the viewport. */
export function fitRect(rect: Rect, viewport: Size, paddingPx = FIT_PADDING_PX): Camera {
  const availableWidth = Math.max(1, viewport.width - 2 * paddingPx);
  const availableHeight = Math.max(1, viewport.height - 2 * paddingPx);
  const zoom = clampZoom(Math.min(availableWidth / rect.width, availableHeight / rect.height));
  return {
    x: rect.x + rect.width / 2 - viewport.width / zoom / 2,
    y: rect.y + rect.height / 2 - viewport.height / zoom / 2,
    zoom,
  };
}
