/**
 * The scale handle changes the `scale` prop (content scales with its box: text, sticker cells, groups), with
 * the frame's top-left corner fixed. The factor is the pointer's progress along the frame's diagonal relative
 * to where the drag started, and is limited so every `scale` stays in the model's range (0.0001 to 9).
 */
import {
  getNode,
  multiply,
  placementOf,
  STICKER_SCALE_RANGE,
  type AlbumDocument,
  type Matrix,
  type Patch,
  type Point,
} from '@stickerbook/model';
import { canvasMatrix, placementFromCanvas } from '../document/canvasGeometry.ts';
import { boxPoint, type OrientedBox } from './frame.ts';
import { propChangePatches } from './placementPatches.ts';

export function scaleFactor(box: OrientedBox, start: Point, pointer: Point): number {
  const anchor = boxPoint(box, { x: 0, y: 0 });
  const corner = boxPoint(box, { x: box.width, y: box.height });
  const diagonal = { x: corner.x - anchor.x, y: corner.y - anchor.y };
  const along = (p: Point) => (p.x - anchor.x) * diagonal.x + (p.y - anchor.y) * diagonal.y;
  const base = along(start);
  return base > 0 ? Math.max(0.01, along(pointer) / base) : 1;
}

function clampFactor(doc: AlbumDocument, ids: readonly string[], factor: number): number {
  let result = factor;
  for (const id of ids) {
    const node = getNode(doc, id);
    if (!node) continue;
    const { scale } = placementOf(node.props);
    result = Math.min(result, STICKER_SCALE_RANGE.max / scale);
    result = Math.max(result, STICKER_SCALE_RANGE.min / scale);
  }
  return result;
}

export function scalePatches(
  doc: AlbumDocument,
  ids: readonly string[],
  box: OrientedBox,
  factor: number,
): Patch[] {
  const f = clampFactor(doc, ids, factor);
  const anchor = boxPoint(box, { x: 0, y: 0 });
  const scaling: Matrix = { a: f, b: 0, c: 0, d: f, e: anchor.x * (1 - f), f: anchor.y * (1 - f) };
  const patches: Patch[] = [];
  for (const id of ids) {
    const node = getNode(doc, id);
    if (!node) continue;
    const { width, height } = placementOf(node.props);
    const placement = placementFromCanvas(doc, id, multiply(scaling, canvasMatrix(doc, id)), width, height);
    patches.push(...propChangePatches(node, { x: placement.x, y: placement.y, scale: placement.scale }));
  }
  return patches;
}
