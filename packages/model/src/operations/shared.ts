/**
 * What every operation shares: the `Change` it returns, lookups that throw coded errors, fractional-index
 * helpers, and the conversion between stored nodes and the id-free `ElementTree` used by duplicate, clipboard,
 * layouts and spread duplication.
 */
import { generateNKeysBetween } from 'fractional-indexing';
import type { AlbumDocument, DocNode } from '../document.ts';
import { ModelError, type ModelErrorCode } from '../errors.ts';
import type { IdFactory } from '../ids.ts';
import { nodePath, type Patch } from '../patches.ts';
import { elementPropsSchema, isElementType, type ElementType } from '../schema.ts';
import { childrenOf, getNode } from '../tree.ts';

/**
 * The result of an operation: the patches to apply, and the ids the editor should select afterwards (the new
 * element of an insert, the copies of a duplicate, the group of a group, ...). Operations never apply patches;
 * the caller applies them, records the inverse in history and hands them to sync.
 */
export interface Change {
  patches: Patch[];
  selection: string[];
}

export const NO_CHANGE: Change = Object.freeze({ patches: [], selection: [] }) as Change;

export function fail(code: ModelErrorCode, message?: string): never {
  throw new ModelError(code, message);
}

export function requireNode(doc: AlbumDocument, id: string): DocNode {
  return getNode(doc, id) ?? fail('NODE_NOT_FOUND', `node ${id} does not exist`);
}

export function requireElement(doc: AlbumDocument, id: string): DocNode {
  const node = requireNode(doc, id);
  if (!isElementType(node.type)) fail('NOT_AN_ELEMENT', `${node.type} ${id} is not an element`);
  return node;
}

export function requireSpread(doc: AlbumDocument, id: string): DocNode {
  const node = getNode(doc, id);
  if (node?.type !== 'Spread') fail('SPREAD_NOT_FOUND', `spread ${id} does not exist`);
  return node;
}

export function requireSection(doc: AlbumDocument, id: string): DocNode {
  const node = getNode(doc, id);
  if (node?.type !== 'Section') fail('SECTION_NOT_FOUND', `section ${id} does not exist`);
  return node;
}

/**
 * `count` order keys strictly between `lower` and `upper` (null: open end). Equal neighbours can only come from
 * concurrent inserts; then the keys go after `lower`, which may also place them after `upper` — harmless, since
 * ties already sort by id.
 */
export function keysBetween(lower: string | null, upper: string | null, count: number): string[] {
  if (lower !== null && upper !== null && lower >= upper) return generateNKeysBetween(lower, null, count);
  return generateNKeysBetween(lower, upper, count);
}

/** Order keys for `count` new last children of a parent. */
export function keysAtEnd(doc: AlbumDocument, parentId: string, count: number): string[] {
  const siblings = childrenOf(doc, parentId);
  return keysBetween(siblings.at(-1)?.index ?? null, null, count);
}

/** Order keys for `count` nodes right after `node` among its siblings. */
export function keysAfter(doc: AlbumDocument, node: DocNode, count: number): string[] {
  const siblings = childrenOf(doc, node.parentId!);
  const position = siblings.findIndex((sibling) => sibling.id === node.id);
  return keysBetween(node.index, siblings[position + 1]?.index ?? null, count);
}

/** Order keys for `count` nodes right before `node` among its siblings. */
export function keysBefore(doc: AlbumDocument, node: DocNode, count: number): string[] {
  const siblings = childrenOf(doc, node.parentId!);
  const position = siblings.findIndex((sibling) => sibling.id === node.id);
  return keysBetween(siblings[position - 1]?.index ?? null, node.index, count);
}

/** Drops ids whose ancestor is also in the list, so a selection acts on each subtree once. Keeps order. */
export function topLevelIds(doc: AlbumDocument, ids: readonly string[]): string[] {
  const selected = new Set(ids);
  const result: string[] = [];
  for (const id of new Set(ids)) {
    let parentId = getNode(doc, id)?.parentId ?? null;
    let covered = false;
    const seen = new Set<string>();
    while (parentId !== null && !seen.has(parentId)) {
      if (selected.has(parentId)) covered = true;
      seen.add(parentId);
      parentId = getNode(doc, parentId)?.parentId ?? null;
    }
    if (!covered) result.push(id);
  }
  return result;
}

/** Rounds away float noise (e.g. 10.1 + 5.2) so positions stay readable; 1e-9 mm is far below print precision. */
export function round9(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

// Element trees -------------------------------------------------------------------------------------------------

/** An element with its descendants and without ids: the unit of duplicate, clipboard, layouts. */
export interface ElementTree {
  type: ElementType;
  props: Record<string, unknown>;
  children?: ElementTree[];
}

export function toElementTree(doc: AlbumDocument, node: DocNode): ElementTree {
  const children = childrenOf(doc, node.id);
  const tree: ElementTree = { type: node.type as ElementType, props: { ...node.props } };
  if (children.length > 0) tree.children = children.map((child) => toElementTree(doc, child));
  return tree;
}

/** Removes the placement of a sticker from copied cells: a sticker sits in at most one cell. */
export function withoutStickers(tree: ElementTree): ElementTree {
  const { stickerId: _dropped, ...props } = tree.props;
  return {
    ...tree,
    props: tree.type === 'StickerCell' ? props : tree.props,
    ...(tree.children ? { children: tree.children.map(withoutStickers) } : {}),
  };
}

/**
 * Patches adding element trees under a parent with fresh ids, at the given order keys. Validates every element's
 * props and refuses empty groups, so an operation cannot produce an invalid document.
 */
export function addTreePatches(
  parentId: string,
  trees: readonly ElementTree[],
  keys: readonly string[],
  createId: IdFactory,
): { patches: Patch[]; ids: string[] } {
  const patches: Patch[] = [];
  const ids: string[] = [];
  const visit = (tree: ElementTree, parent: string, index: string): string => {
    if (!isElementType(tree.type)) fail('NOT_AN_ELEMENT', `${tree.type} is not an element type`);
    const parsed = elementPropsSchema.safeParse(tree.props);
    if (!parsed.success) fail('INVALID_PROPS', `${tree.type}: ${parsed.error.issues[0]?.message}`);
    const children = tree.children ?? [];
    if (tree.type === 'Group' && children.length === 0) fail('INVALID_PROPS', 'a group needs children');
    if (tree.type !== 'Group' && children.length > 0)
      fail('INVALID_PROPS', `${tree.type} cannot have children`);
    const id = createId();
    const { id: _ignored, ...props } = tree.props;
    const node: DocNode = { id, type: tree.type, parentId: parent, index, props };
    patches.push({ op: 'add', path: nodePath(id), value: node });
    const childKeys = keysBetween(null, null, children.length);
    children.forEach((child, i) => visit(child, id, childKeys[i]));
    return id;
  };
  trees.forEach((tree, i) => ids.push(visit(tree, parentId, keys[i])));
  return { patches, ids };
}

/** Patches removing nodes and all their descendants, deepest first, so the inverse re-adds parents first. */
export function removeSubtreePatches(doc: AlbumDocument, ids: readonly string[]): Patch[] {
  const patches: Patch[] = [];
  const visit = (id: string) => {
    for (const child of childrenOf(doc, id)) visit(child.id);
    patches.push({ op: 'remove', path: nodePath(id) });
  };
  ids.forEach(visit);
  return patches;
}
