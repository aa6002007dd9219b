/**
 * What a click at a canvas point selects: the topmost hittable element in the current scope. The scope is the
 * children of the spread under the pointer, or of the isolated group in isolation mode (SPEC §4), so a click on
 * a grouped element selects its group until the user double-clicks into it. Locked elements are not hittable
 * (SPEC §4 "Locked elements cannot be interacted with"): the click falls through to what lies below.
 * `alwaysOnTop` elements are painted last and therefore hit first (model `inPaintOrder`).
 */
import {
  childrenOf,
  getNode,
  hitTestNode,
  inPaintOrder,
  spreadOf,
  type AlbumDocument,
  type DocNode,
  type Point,
} from '@stickerbook/model';
import { nearestSpreadId, spreadOffset } from '../camera/layout.ts';

export interface HitOptions {
  isolatedGroupId?: string | null;
  /** Slack in canvas mm, so thin lines (100 x 1) can be grabbed: the UI passes a few screen px / zoom. */
  tolerance?: number;
}

export function isHittable(node: DocNode): boolean {
  return node.props.locked !== true;
}

/** The scope a click acts in: the isolated group, else the spread nearest to the point (elements overhang). */
function scopeAt(doc: AlbumDocument, point: Point, isolatedGroupId?: string | null): string | undefined {
  if (isolatedGroupId && getNode(doc, isolatedGroupId)) return isolatedGroupId;
  return nearestSpreadId(doc, point);
}

export function hitTest(
  doc: AlbumDocument,
  canvasPoint: Point,
  options: HitOptions = {},
): string | undefined {
  const scopeId = scopeAt(doc, canvasPoint, options.isolatedGroupId);
  if (!scopeId) return undefined;
  const spread = spreadOf(doc, scopeId);
  if (!spread) return undefined;
  const offset = spreadOffset(doc, spread.id);
  const local = { x: canvasPoint.x - offset.x, y: canvasPoint.y - offset.y };
  const candidates = inPaintOrder(childrenOf(doc, scopeId)).reverse();
  return candidates.find(
    (node) => isHittable(node) && hitTestNode(doc, node.id, local, options.tolerance ?? 0),
  )?.id;
}
