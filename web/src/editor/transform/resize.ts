/**
 * Resize handles (SPEC §2 "selection frame with resize ... handles"). The handle's opposite point stays fixed on
 * the canvas, also for rotated frames: the math runs in the frame's own axes. Shift keeps the aspect ratio.
 * Several elements (or a group's children) scale with the frame: positions follow the frame, sizes scale by
 * the frame's factors in each element's own axes.
 *
 * Known limitation: an element turned by an angle that is not a multiple of 90° relative to the frame cannot
 * stretch without skewing, so it keeps its aspect ratio and scales by the geometric mean of the two factors.
 */
import {
  applyToPoint,
  childrenOf,
  getNode,
  invert,
  localMatrix,
  placementOf,
  type AlbumDocument,
  type Patch,
  type Point,
} from '@stickerbook/model';
import { canvasMatrix, canvasRotation, placementFromCanvas } from '../document/canvasGeometry.ts';
import { boxMatrix, boxPoint, HANDLE_FRACTIONS, type OrientedBox, type ResizeHandle } from './frame.ts';
import { propChangePatches } from './placementPatches.ts';

/** The smallest box side a resize leaves, in mm: smaller boxes cannot be grabbed again. */
const MIN_SIZE_MM = 1;

function rotate(v: Point, degrees: number): Point {
  const r = (degrees * Math.PI) / 180;
  return { x: v.x * Math.cos(r) - v.y * Math.sin(r), y: v.x * Math.sin(r) + v.y * Math.cos(r) };
}

export function resizeBox(
  box: OrientedBox,
  handle: ResizeHandle,
  pointer: Point,
  options: { keepAspect?: boolean } = {},
): OrientedBox {
  const f = HANDLE_FRACTIONS[handle];
  const anchorFraction = { x: 1 - f.x, y: 1 - f.y };
  const anchor = boxPoint(box, { x: anchorFraction.x * box.width, y: anchorFraction.y * box.height });
  const d = rotate({ x: pointer.x - anchor.x, y: pointer.y - anchor.y }, -box.rotation);
  const movesX = f.x !== 0.5;
  const movesY = f.y !== 0.5;
  let width = movesX ? Math.max(MIN_SIZE_MM, (f.x === 1 ? 1 : -1) * d.x) : box.width;
  let height = movesY ? Math.max(MIN_SIZE_MM, (f.y === 1 ? 1 : -1) * d.y) : box.height;
  if (options.keepAspect && box.width > 0 && box.height > 0) {
    const aspect = box.width / box.height;
    if (movesX && movesY) {
      const factor = Math.max(width / box.width, height / box.height);
      width = box.width * factor;
      height = box.height * factor;
    } else if (movesX) height = width / aspect;
    else width = height * aspect;
  }
  // The anchor keeps its canvas position: place the new box's top-left corner relative to it.
  const topLeft = {
    x: anchor.x - rotate({ x: anchorFraction.x * width, y: anchorFraction.y * height }, box.rotation).x,
    y: anchor.y - rotate({ x: anchorFraction.x * width, y: anchorFraction.y * height }, box.rotation).y,
  };
  const centreOffset = rotate({ x: width / 2, y: height / 2 }, box.rotation);
  const centre = { x: topLeft.x + centreOffset.x, y: topLeft.y + centreOffset.y };
  return { x: centre.x - width / 2, y: centre.y - height / 2, width, height, rotation: box.rotation };
}

/** How an element's own width and height scale when the frame scales by (sx, sy), given its turn against it. */
function ownFactors(relativeRotation: number, sx: number, sy: number): Point {
  const r = (relativeRotation * Math.PI) / 180;
  const axisAligned = Math.abs(Math.sin(2 * r)) < 1e-6;
  if (!axisAligned) {
    const mean = Math.sqrt(sx * sy);
    return { x: mean, y: mean };
  }
  return Math.abs(Math.cos(r)) > 0.5 ? { x: sx, y: sy } : { x: sy, y: sx };
}

/** Patches that move and resize `ids` (top-level selection) so what filled `from` fills `to`. */
export function resizePatches(
  doc: AlbumDocument,
  ids: readonly string[],
  from: OrientedBox,
  to: OrientedBox,
): Patch[] {
  const sx = from.width > 0 ? to.width / from.width : 1;
  const sy = from.height > 0 ? to.height / from.height : 1;
  const toFrame = invert(boxMatrix(from));
  const patches: Patch[] = [];
  for (const id of ids) {
    const node = getNode(doc, id);
    if (!node) continue;
    const { width, height } = placementOf(node.props);
    const m = canvasMatrix(doc, id);
    const canvasScale = Math.hypot(m.a, m.b);
    const rotation = canvasRotation(doc, id);
    const inFrame = applyToPoint(toFrame, applyToPoint(m, { x: width / 2, y: height / 2 }));
    const centre = boxPoint(to, { x: inFrame.x * sx, y: inFrame.y * sy });
    const own = ownFactors(rotation - from.rotation, sx, sy);
    const newWidth = width * own.x;
    const newHeight = height * own.y;
    const canvas = localMatrix({
      x: centre.x - (newWidth * canvasScale) / 2,
      y: centre.y - (newHeight * canvasScale) / 2,
      width: newWidth,
      height: newHeight,
      rotation,
      scale: canvasScale,
    });
    const placement = placementFromCanvas(doc, id, canvas, newWidth, newHeight);
    patches.push(
      ...propChangePatches(node, {
        x: placement.x,
        y: placement.y,
        width: newWidth,
        height: newHeight,
        rotation: placement.rotation,
        scale: placement.scale,
      }),
    );
    if (node.type === 'Group') patches.push(...scaleChildrenPatches(doc, id, own.x, own.y));
  }
  return patches;
}

/** A group's children follow their group's new size: positions and sizes scale in the group's coordinates. */
function scaleChildrenPatches(doc: AlbumDocument, groupId: string, sx: number, sy: number): Patch[] {
  const patches: Patch[] = [];
  for (const child of childrenOf(doc, groupId)) {
    const p = placementOf(child.props);
    const centre = { x: (p.x + (p.width * p.scale) / 2) * sx, y: (p.y + (p.height * p.scale) / 2) * sy };
    const own = ownFactors(p.rotation, sx, sy);
    const width = p.width * own.x;
    const height = p.height * own.y;
    patches.push(
      ...propChangePatches(child, {
        x: centre.x - (width * p.scale) / 2,
        y: centre.y - (height * p.scale) / 2,
        width,
        height,
      }),
    );
    if (child.type === 'Group') patches.push(...scaleChildrenPatches(doc, child.id, own.x, own.y));
  }
  return patches;
}
