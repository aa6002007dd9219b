/**
 * Element operations of SPEC §4: insert, update, replace, delete, duplicate, swap siblings, bring to
 * front/back, move to another spread. Each is a pure function from the document to a `Change`.
 */
import { DUPLICATE_OFFSET_MM } from '../constants.ts';
import type { AlbumDocument, DocNode } from '../document.ts';
import {
  multiply,
  placementFromMatrix,
  placementOf,
  spreadMatrix,
  spreadOriginMm,
  type Placement,
} from '../geometry.ts';
import { createId, type IdFactory } from '../ids.ts';
import { indexPath, nodePath, parentPath, propPath, type Patch } from '../patches.ts';
import { elementPropsSchema, propSchemaFor, propsSchemaFor, type ElementType } from '../schema.ts';
import { childrenOf, getNode, spreadOf, spreadOrdinalOf } from '../tree.ts';
import {
  addTreePatches,
  fail,
  keysAfter,
  keysAtEnd,
  keysBetween,
  removeSubtreePatches,
  requireElement,
  requireNode,
  requireSpread,
  round9,
  toElementTree,
  topLevelIds,
  withoutStickers,
  type Change,
  type ElementTree,
} from './shared.ts';

// Insert ------------------------------------------------------------------------------------------------------

export interface InsertElementInput {
  /** A spread or a group. */
  parentId: string;
  type: Exclude<ElementType, 'Group'>;
  props: Record<string, unknown>;
  /** Insert right after this sibling; default: on top of all siblings. */
  afterId?: string;
}

/** Inserts one element (groups come from `groupElements` or `insertElementTrees`). */
export function insertElement(
  doc: AlbumDocument,
  input: InsertElementInput,
  newId: IdFactory = createId,
): Change {
  if (input.type === ('Group' as string)) fail('INVALID_PROPS', 'insert groups with insertElementTrees');
  return insertElementTrees(
    doc,
    input.parentId,
    [{ type: input.type, props: input.props }],
    newId,
    input.afterId,
  );
}

/** Inserts element trees (elements with descendants, e.g. a layout or a paste) on top of a spread or group. */
export function insertElementTrees(
  doc: AlbumDocument,
  parentId: string,
  trees: readonly ElementTree[],
  newId: IdFactory = createId,
  afterId?: string,
): Change {
  const parent = requireNode(doc, parentId);
  if (parent.type !== 'Spread' && parent.type !== 'Group')
    fail('INVALID_PARENT', `${parent.type} cannot hold elements`);
  let keys: string[];
  if (afterId !== undefined) {
    const after = requireNode(doc, afterId);
    if (after.parentId !== parentId) fail('NOT_SIBLINGS', `${afterId} is not a child of ${parentId}`);
    keys = keysAfter(doc, after, trees.length);
  } else keys = keysAtEnd(doc, parentId, trees.length);
  const { patches, ids } = addTreePatches(parentId, trees, keys, newId);
  return { patches, selection: ids };
}

// Update and replace ----------------------------------------------------------------------------------------------

/**
 * Sets props of any node (element, spread or section); a value of `undefined` removes the prop. Each value is
 * checked against the node type's schema. The text of an automatic text (one with a `symbol`) cannot be edited.
 */
export function updateNodeProps(doc: AlbumDocument, id: string, changes: Record<string, unknown>): Change {
  const node = requireNode(doc, id);
  if (typeof node.props.symbol === 'string' && 'text' in changes && node.type === 'Text') {
    fail('AUTOMATIC_TEXT_READ_ONLY', `text ${id} is automatic (${node.props.symbol})`);
  }
  const patches: Patch[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const exists = Object.hasOwn(node.props, key);
    if (value === undefined) {
      if (exists) patches.push({ op: 'remove', path: propPath(id, key) });
      continue;
    }
    const schema = propSchemaFor(node.type, key);
    if (!schema) fail('INVALID_PROPS', `${node.type} has no prop ${key}`);
    const parsed = schema.safeParse(value);
    if (!parsed.success) fail('INVALID_PROPS', `${key}: ${parsed.error.issues[0]?.message}`);
    if (exists && node.props[key] === value) continue;
    patches.push({ op: exists ? 'replace' : 'add', path: propPath(id, key), value });
  }
  if (patches.some((patch) => patch.op === 'remove')) {
    const remaining = { ...node.props, ...changes };
    for (const key of Object.keys(remaining)) if (remaining[key] === undefined) delete remaining[key];
    const parsed = propsSchemaFor(node.type).safeParse(remaining);
    if (!parsed.success)
      fail('INVALID_PROPS', `removing leaves invalid props: ${parsed.error.issues[0]?.message}`);
  }
  return { patches, selection: [id] };
}

/** Updates an element's props (see `updateNodeProps`). */
export function updateElement(doc: AlbumDocument, id: string, changes: Record<string, unknown>): Change {
  requireElement(doc, id);
  return updateNodeProps(doc, id, changes);
}

/** Replaces an element's props as a whole (e.g. swapping an image for another), keeping id, parent and order. */
export function replaceElement(doc: AlbumDocument, id: string, props: Record<string, unknown>): Change {
  const node = requireElement(doc, id);
  const parsed = elementPropsSchema.safeParse(props);
  if (!parsed.success) fail('INVALID_PROPS', parsed.error.issues[0]?.message);
  const textChanged = JSON.stringify(props.text) !== JSON.stringify(node.props.text);
  if (typeof node.props.symbol === 'string' && node.type === 'Text' && textChanged) {
    fail('AUTOMATIC_TEXT_READ_ONLY', `text ${id} is automatic`);
  }
  return {
    patches: [{ op: 'replace', path: nodePath(id), value: { ...node, props: { ...props } } }],
    selection: [id],
  };
}

// Delete ------------------------------------------------------------------------------------------------------

/**
 * Deletes elements with their descendants. A group left without children is deleted too (groups must have
 * children), up to the spread. Stickers in deleted cells become unplaced; the stickers themselves stay.
 */
export function deleteElements(doc: AlbumDocument, ids: readonly string[]): Change {
  const roots = topLevelIds(doc, ids);
  for (const id of roots) requireElement(doc, id);
  const removed = new Set(roots);
  // Climb: a parent group whose children are all removed goes too.
  const parents = new Set(roots.map((id) => getNode(doc, id)!.parentId!));
  while (parents.size > 0) {
    const next = new Set<string>();
    for (const parentId of parents) {
      const parent = getNode(doc, parentId);
      if (parent?.type !== 'Group' || removed.has(parentId)) continue;
      if (childrenOf(doc, parentId).every((child) => removed.has(child.id))) {
        for (const child of childrenOf(doc, parentId)) removed.delete(child.id);
        removed.add(parentId);
        next.add(parent.parentId!);
      }
    }
    parents.clear();
    for (const id of next) parents.add(id);
  }
  return { patches: removeSubtreePatches(doc, [...removed]), selection: [] };
}

// Order -------------------------------------------------------------------------------------------------------

/** Swaps the order of two siblings. */
export function swapSiblings(doc: AlbumDocument, firstId: string, secondId: string): Change {
  const first = requireNode(doc, firstId);
  const second = requireNode(doc, secondId);
  if (first.parentId !== second.parentId || firstId === secondId) fail('NOT_SIBLINGS');
  if (first.index === second.index) return { patches: [], selection: [firstId, secondId] };
  return {
    patches: [
      { op: 'replace', path: indexPath(firstId), value: second.index },
      { op: 'replace', path: indexPath(secondId), value: first.index },
    ],
    selection: [firstId, secondId],
  };
}

function byParent(doc: AlbumDocument, ids: readonly string[]): Map<string, DocNode[]> {
  const groups = new Map<string, DocNode[]>();
  for (const id of topLevelIds(doc, ids)) {
    const node = requireElement(doc, id);
    const list = groups.get(node.parentId!) ?? [];
    list.push(node);
    groups.set(node.parentId!, list);
  }
  return groups;
}

/**
 * Moves elements above (front) or below (back) all their siblings, keeping their relative order. Elements that
 * already form the top (bottom) of their parent in that order are left alone.
 */
export function bringToFront(doc: AlbumDocument, ids: readonly string[]): Change {
  return restack(doc, ids, 'front');
}

export function sendToBack(doc: AlbumDocument, ids: readonly string[]): Change {
  return restack(doc, ids, 'back');
}

function restack(doc: AlbumDocument, ids: readonly string[], where: 'front' | 'back'): Change {
  const patches: Patch[] = [];
  for (const [parentId, nodes] of byParent(doc, ids)) {
    const siblings = childrenOf(doc, parentId);
    const moving = new Set(nodes.map((node) => node.id));
    const ordered = siblings.filter((sibling) => moving.has(sibling.id));
    const edge =
      where === 'front'
        ? siblings.slice(siblings.length - ordered.length)
        : siblings.slice(0, ordered.length);
    if (edge.every((node, i) => node.id === ordered[i].id)) continue;
    const rest = siblings.filter((sibling) => !moving.has(sibling.id));
    const keys =
      where === 'front'
        ? keysBetween(rest.at(-1)?.index ?? null, null, ordered.length)
        : keysBetween(null, rest[0]?.index ?? null, ordered.length);
    ordered.forEach((node, i) => patches.push({ op: 'replace', path: indexPath(node.id), value: keys[i] }));
  }
  return { patches, selection: [...ids] };
}

// Placement helpers -------------------------------------------------------------------------------------------

/** Patches that give a node a new placement, touching only the fields that change. */
export function placementPatches(node: DocNode, placement: Placement): Patch[] {
  const patches: Patch[] = [];
  const defaults: Partial<Placement> = { rotation: 0, scale: 1 };
  for (const key of ['x', 'y', 'rotation', 'scale'] as const) {
    const value = round9(placement[key]);
    const current = node.props[key];
    if (current === undefined) {
      if (value !== defaults[key]) patches.push({ op: 'add', path: propPath(node.id, key), value });
    } else if (current !== value) patches.push({ op: 'replace', path: propPath(node.id, key), value });
  }
  return patches;
}

// Move to another spread ---------------------------------------------------------------------------------------

/**
 * Re-parents elements onto another spread, keeping their absolute position on the canvas (spreads are stacked
 * with a gap, so the y coordinate changes by the distance between the spreads). Elements taken out of a group
 * keep their position on the page too; a group left empty is deleted. Moved elements go on top, in order.
 */
export function moveToSpread(doc: AlbumDocument, ids: readonly string[], targetSpreadId: string): Change {
  requireSpread(doc, targetSpreadId);
  const targetOrigin = spreadOriginMm(spreadOrdinalOf(doc, targetSpreadId));
  const moving = topLevelIds(doc, ids)
    .map((id) => requireElement(doc, id))
    .filter((node) => node.parentId !== targetSpreadId);
  if (moving.length === 0) return { patches: [], selection: [...ids] };
  const keys = keysAtEnd(doc, targetSpreadId, moving.length);
  const patches: Patch[] = [];
  moving.forEach((node, i) => {
    const sourceSpread = spreadOf(doc, node.id);
    const sourceOrigin = spreadOriginMm(sourceSpread ? spreadOrdinalOf(doc, sourceSpread.id) : 0);
    const shift = {
      a: 1,
      b: 0,
      c: 0,
      d: 1,
      e: sourceOrigin.x - targetOrigin.x,
      f: sourceOrigin.y - targetOrigin.y,
    };
    const { width, height } = placementOf(node.props);
    const placement = placementFromMatrix(multiply(shift, spreadMatrix(doc, node.id)), width, height);
    patches.push({ op: 'replace', path: parentPath(node.id), value: targetSpreadId });
    patches.push({ op: 'replace', path: indexPath(node.id), value: keys[i] });
    patches.push(...placementPatches(node, placement));
  });
  const emptied = emptiedGroups(doc, moving);
  patches.push(...emptied.map((id) => ({ op: 'remove' as const, path: nodePath(id) })));
  return { patches, selection: moving.map((node) => node.id) };
}

/** Groups (and their group ancestors) that lose all children when `leaving` nodes leave them. */
function emptiedGroups(doc: AlbumDocument, leaving: readonly DocNode[]): string[] {
  const gone = new Set(leaving.map((node) => node.id));
  const result: string[] = [];
  let candidates = new Set(leaving.map((node) => node.parentId!));
  while (candidates.size > 0) {
    const next = new Set<string>();
    for (const id of candidates) {
      const node = getNode(doc, id);
      if (node?.type !== 'Group' || gone.has(id)) continue;
      if (childrenOf(doc, id).every((child) => gone.has(child.id))) {
        gone.add(id);
        result.push(id);
        next.add(node.parentId!);
      }
    }
    candidates = next;
  }
  return result;
}

// Duplicate -----------------------------------------------------------------------------------------------------

/**
 * Duplicates elements with fresh ids, each copy offset by +10/+10 and placed right above its original.
 * Copied sticker cells are empty: a sticker sits in one cell only.
 */
export function duplicateElements(
  doc: AlbumDocument,
  ids: readonly string[],
  newId: IdFactory = createId,
): Change {
  const patches: Patch[] = [];
  const selection: string[] = [];
  for (const id of topLevelIds(doc, ids)) {
    const node = requireElement(doc, id);
    const tree = withoutStickers(toElementTree(doc, node));
    const { x, y } = placementOf(node.props);
    tree.props = { ...tree.props, x: round9(x + DUPLICATE_OFFSET_MM), y: round9(y + DUPLICATE_OFFSET_MM) };
    const [key] = keysAfter(doc, node, 1);
    const added = addTreePatches(node.parentId!, [tree], [key], newId);
    patches.push(...added.patches);
    selection.push(...added.ids);
  }
  return { patches, selection };
}
