/**
 * The end of a move (SPEC §4): the moved elements get their new positions, elements dropped fully outside every
 * spread are deleted, and top-level elements re-parent to the spread under the pointer (model `moveToSpread`,
 * which keeps their canvas position). All of it is one patch list, so one history entry undoes the whole drop.
 * Arrow-key nudges use the same position step without re-parenting or deleting.
 */
import {
  applyPatches,
  deleteElements,
  getNode,
  moveToSpread,
  rectsIntersect,
  type AlbumDocument,
  type Patch,
  type Point,
} from '@stickerbook/model';
import { spreadIdAtPoint, spreadLayout } from '../camera/layout.ts';
import { canvasBounds, canvasDeltaToParent } from '../document/canvasGeometry.ts';
import { propChangePatches } from '../transform/placementPatches.ts';

export interface MoveResult {
  patches: Patch[];
  selection: string[];
}

/** Position patches for moving `ids` by a canvas delta (each converted into its parent's coordinates). */
export function translatePatches(doc: AlbumDocument, ids: readonly string[], delta: Point): Patch[] {
  const patches: Patch[] = [];
  for (const id of ids) {
    const node = getNode(doc, id);
    if (!node) continue;
    const local = canvasDeltaToParent(doc, id, delta);
    const x = typeof node.props.x === 'number' ? node.props.x : 0;
    const y = typeof node.props.y === 'number' ? node.props.y : 0;
    patches.push(...propChangePatches(node, { x: x + local.x, y: y + local.y }));
  }
  return patches;
}

export function movePatches(
  doc: AlbumDocument,
  ids: readonly string[],
  delta: Point,
  pointer: Point,
): MoveResult {
  const patches = translatePatches(doc, ids, delta);
  let current = applyPatches(doc, patches);
  const layout = spreadLayout(current);
  const spreadRects = layout.order.map((id) => layout.rects.get(id)!);
  const topLevel = ids.filter(
    (id) => getNode(current, getNode(current, id)?.parentId ?? '')?.type === 'Spread',
  );
  const outside = topLevel.filter((id) => {
    const bounds = canvasBounds(current, id);
    // Touching an edge is still "on" the spread; only a box entirely clear of every spread is dropped.
    return !spreadRects.some((rect) => rectsIntersect(rect, bounds));
  });
  const target = spreadIdAtPoint(current, pointer);
  const reparent = topLevel.filter(
    (id) => !outside.includes(id) && getNode(current, id)!.parentId !== target,
  );
  if (target && reparent.length > 0) {
    const change = moveToSpread(current, reparent, target);
    patches.push(...change.patches);
    current = applyPatches(current, change.patches);
  }
  if (outside.length > 0) patches.push(...deleteElements(current, outside).patches);
  return { patches, selection: ids.filter((id) => !outside.includes(id)) };
}
