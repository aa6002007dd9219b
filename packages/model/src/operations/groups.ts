/** Group and ungroup (SPEC §4). Neither moves anything on the page. */
import type { AlbumDocument, DocNode } from '../document.ts';
import {
  localMatrix,
  multiply,
  placementFromMatrix,
  placementOf,
  rotatedBounds,
  unionRects,
} from '../geometry.ts';
import { createId, type IdFactory } from '../ids.ts';
import { applyPatches, indexPath, nodePath, parentPath, propPath, type Patch } from '../patches.ts';
import { childrenOf } from '../tree.ts';
import { placementPatches } from './elements.ts';
import { fail, keysAfter, keysBetween, requireElement, requireNode, round9, type Change } from './shared.ts';

/**
 * Puts sibling elements into a new group at the place of the topmost of them. The group's box is the union of
 * the children's (rotated) bounds; children keep their page position, now relative to the group.
 */
export function groupElements(
  doc: AlbumDocument,
  ids: readonly string[],
  newId: IdFactory = createId,
): Change {
  if (ids.length === 0) fail('NOTHING_SELECTED');
  const nodes = [...new Set(ids)].map((id) => requireElement(doc, id));
  const parentId = nodes[0].parentId!;
  if (nodes.some((node) => node.parentId !== parentId))
    fail('NOT_SIBLINGS', 'grouped elements must share a parent');
  const members = new Set(nodes.map((node) => node.id));
  const ordered = childrenOf(doc, parentId).filter((sibling) => members.has(sibling.id));
  const bounds = unionRects(ordered.map((node) => rotatedBounds(placementOf(node.props))));
  const groupId = newId();
  const group: DocNode = {
    id: groupId,
    type: 'Group',
    parentId,
    // The topmost member's key is free once that member moves into the group.
    index: ordered.at(-1)!.index,
    props: {
      x: round9(bounds.x),
      y: round9(bounds.y),
      width: round9(bounds.width),
      height: round9(bounds.height),
    },
  };
  const patches: Patch[] = [{ op: 'add', path: nodePath(groupId), value: group }];
  const keys = keysBetween(null, null, ordered.length);
  ordered.forEach((node, i) => {
    const { x, y } = placementOf(node.props);
    patches.push({ op: 'replace', path: parentPath(node.id), value: groupId });
    patches.push({ op: 'replace', path: indexPath(node.id), value: keys[i] });
    patches.push({ op: 'replace', path: propPath(node.id, 'x'), value: round9(x - bounds.x) });
    patches.push({ op: 'replace', path: propPath(node.id, 'y'), value: round9(y - bounds.y) });
  });
  return { patches, selection: [groupId] };
}

/**
 * Dissolves a group: its children move to the group's parent at the group's place in the stacking order, with
 * the group's position, rotation and scale folded into their own.
 */
export function ungroupElement(doc: AlbumDocument, groupId: string): Change {
  const group = requireNode(doc, groupId);
  if (group.type !== 'Group') fail('NOT_A_GROUP', `${group.type} ${groupId} is not a group`);
  const children = childrenOf(doc, groupId);
  const keys = keysAfter(doc, group, children.length);
  const groupMatrix = localMatrix(placementOf(group.props));
  const patches: Patch[] = [];
  children.forEach((child, i) => {
    const own = placementOf(child.props);
    const placement = placementFromMatrix(multiply(groupMatrix, localMatrix(own)), own.width, own.height);
    patches.push({ op: 'replace', path: parentPath(child.id), value: group.parentId });
    patches.push({ op: 'replace', path: indexPath(child.id), value: keys[i] });
    patches.push(...placementPatches(child, placement));
  });
  patches.push({ op: 'remove', path: nodePath(groupId) });
  return { patches, selection: children.map((child) => child.id) };
}

/** Ungroups every group in a selection (Ctrl+Shift+G); other elements are ignored. */
export function ungroupElements(doc: AlbumDocument, ids: readonly string[]): Change {
  const patches: Patch[] = [];
  const selection: string[] = [];
  let current = doc;
  // Each ungroup is computed on the document after the previous one, so nested selections stay consistent.
  for (const id of ids) {
    const node = requireNode(current, id);
    if (node.type !== 'Group') continue;
    const change = ungroupElement(current, id);
    patches.push(...change.patches);
    selection.push(...change.selection);
    current = applyPatches(current, change.patches);
  }
  return { patches, selection };
}
