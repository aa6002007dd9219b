/**
 * The rotate handle: the selection turns about its frame's centre by the angle the pointer sweeps around it;
 * with shift the frame's resulting rotation snaps to multiples of 45° (SPEC §4, model ROTATION_SNAP_DEGREES).
 */
import {
  getNode,
  multiply,
  placementOf,
  ROTATION_SNAP_DEGREES,
  type AlbumDocument,
  type Matrix,
  type Patch,
  type Point,
} from '@stickerbook/model';
import { canvasMatrix, placementFromCanvas } from '../document/canvasGeometry.ts';
import { boxPoint, type OrientedBox } from './frame.ts';
import { propChangePatches } from './placementPatches.ts';

export function frameCentre(box: OrientedBox): Point {
  return boxPoint(box, { x: box.width / 2, y: box.height / 2 });
}

const angleOf = (centre: Point, p: Point) => (Math.atan2(p.y - centre.y, p.x - centre.x) * 180) / Math.PI;

/** The rotation (degrees) to add to the selection while the pointer moves from `start` to `pointer`. */
export function rotationDelta(box: OrientedBox, start: Point, pointer: Point, snap: boolean): number {
  const centre = frameCentre(box);
  const delta = angleOf(centre, pointer) - angleOf(centre, start);
  if (!snap) return delta;
  const target = Math.round((box.rotation + delta) / ROTATION_SNAP_DEGREES) * ROTATION_SNAP_DEGREES;
  return target - box.rotation;
}

/** Rotation by `degrees` about a canvas point. */
function rotationAbout(pivot: Point, degrees: number): Matrix {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return {
    a: cos,
    b: sin,
    c: -sin,
    d: cos,
    e: pivot.x - cos * pivot.x + sin * pivot.y,
    f: pivot.y - sin * pivot.x - cos * pivot.y,
  };
}

/** Rotation in the model's range (-180, 180], so `rotation` props stay readable. */
function normalizeDegrees(degrees: number): number {
  const wrapped = ((degrees % 360) + 360) % 360;
  return wrapped > 180 ? wrapped - 360 : wrapped;
}

export function rotatePatches(
  doc: AlbumDocument,
  ids: readonly string[],
  pivot: Point,
  degrees: number,
): Patch[] {
  const turn = rotationAbout(pivot, degrees);
  const patches: Patch[] = [];
  for (const id of ids) {
    const node = getNode(doc, id);
    if (!node) continue;
    const { width, height } = placementOf(node.props);
    const placement = placementFromCanvas(doc, id, multiply(turn, canvasMatrix(doc, id)), width, height);
    patches.push(
      ...propChangePatches(node, {
        x: placement.x,
        y: placement.y,
        rotation: normalizeDegrees(placement.rotation),
      }),
    );
  }
  return patches;
}
