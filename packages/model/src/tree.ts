/**
 * The derived tree. The document stores a flat map of nodes with `parentId` + fractional `index`; this file
 * builds the Root > Section > Spread > elements view from it and checks the invariants the server enforces.
 *
 * Documents are immutable, so the derived index is cached per `nodes` map (a WeakMap): every lookup after a
 * change costs one O(n) rebuild, every lookup after that is O(1).
 */
import type { AlbumDocument, DocNode, NodeType } from './document.ts';
import { albumSettingsSchema, docNodeSchema, isElementType, stickerSchema } from './schema.ts';

/** Fractional index keys compare by code unit, never with `localeCompare`; ties (concurrent inserts) fall back to id. */
export function compareByIndex(a: DocNode, b: DocNode): number {
  if (a.index !== b.index) return a.index < b.index ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface TreeIndex {
  /** Children of each node in index order; nodes without children are absent. */
  children: ReadonlyMap<string, readonly DocNode[]>;
  /** Sections in order. */
  sections: readonly DocNode[];
  /** All spreads of the album in reading order (sections in order, spreads in order). */
  spreads: readonly DocNode[];
  /** Position of each spread in `spreads`. */
  spreadOrdinal: ReadonlyMap<string, number>;
}

const EMPTY: readonly DocNode[] = [];
const treeCache = new WeakMap<Record<string, DocNode>, TreeIndex>();

export function treeIndex(doc: AlbumDocument): TreeIndex {
  const cached = treeCache.get(doc.nodes);
  if (cached) return cached;
  const children = new Map<string, DocNode[]>();
  for (const node of Object.values(doc.nodes)) {
    if (node.parentId === null) continue;
    const siblings = children.get(node.parentId);
    if (siblings) siblings.push(node);
    else children.set(node.parentId, [node]);
  }
  for (const siblings of children.values()) siblings.sort(compareByIndex);
  const sections = (children.get(doc.rootId) ?? []).filter((node) => node.type === 'Section');
  const spreads: DocNode[] = [];
  for (const section of sections) {
    for (const child of children.get(section.id) ?? EMPTY) if (child.type === 'Spread') spreads.push(child);
  }
  const spreadOrdinal = new Map(spreads.map((spread, ordinal) => [spread.id, ordinal]));
  const index: TreeIndex = { children, sections, spreads, spreadOrdinal };
  treeCache.set(doc.nodes, index);
  return index;
}

/**
 * Carries the derived index of `prev` over to `next`, the nodes map a patch made from it, when `prev`'s is
 * cached: only the sibling lists of the changed nodes' old and new parents are rebuilt. A move of 50 elements
 * then costs those few lists instead of a pass over every node (an undo's frame, issue 23). The result equals
 * what `treeIndex` builds from scratch (tree.test.ts checks it over random edits).
 */
export function carryTreeIndex(
  prev: Record<string, DocNode>,
  next: Record<string, DocNode>,
  rootId: string,
  /** Keys of the nodes added, removed or changed. */
  changed: ReadonlySet<string>,
): void {
  const old = treeCache.get(prev);
  if (!old || prev === next || treeCache.has(next)) return;
  const parents = new Set<string>();
  // By object, not by id: a node stored under another key than its id is still the one its key replaced.
  const stale = new Set<DocNode>();
  for (const key of changed) {
    if (Object.hasOwn(prev, key)) {
      stale.add(prev[key]);
      if (prev[key].parentId !== null) parents.add(prev[key].parentId);
    }
    if (Object.hasOwn(next, key) && next[key].parentId !== null) parents.add(next[key].parentId);
  }
  const children = new Map(old.children);
  for (const parentId of parents) {
    const siblings = (old.children.get(parentId) ?? EMPTY).filter((node) => !stale.has(node));
    for (const key of changed) {
      if (Object.hasOwn(next, key) && next[key].parentId === parentId) siblings.push(next[key]);
    }
    if (siblings.length === 0) children.delete(parentId);
    else children.set(parentId, siblings.sort(compareByIndex));
  }
  const sections = (children.get(rootId) ?? EMPTY).filter((node) => node.type === 'Section');
  const spreads: DocNode[] = [];
  for (const section of sections) {
    for (const child of children.get(section.id) ?? EMPTY) if (child.type === 'Spread') spreads.push(child);
  }
  // Lists that did not change keep their identity, so what callers cache per list (the canvas's spread layout)
  // stays valid.
  const same = (a: readonly DocNode[], b: readonly DocNode[]) =>
    a.length === b.length && a.every((node, i) => node === b[i]);
  const sameOrder =
    spreads.length === old.spreads.length && spreads.every((spread, i) => spread.id === old.spreads[i].id);
  treeCache.set(next, {
    children,
    sections: same(sections, old.sections) ? old.sections : sections,
    spreads: same(spreads, old.spreads) ? old.spreads : spreads,
    spreadOrdinal: sameOrder
      ? old.spreadOrdinal
      : new Map(spreads.map((spread, ordinal) => [spread.id, ordinal])),
  });
}

export function getNode(doc: AlbumDocument, id: string): DocNode | undefined {
  return Object.hasOwn(doc.nodes, id) ? doc.nodes[id] : undefined;
}

export function childrenOf(doc: AlbumDocument, id: string): readonly DocNode[] {
  return treeIndex(doc).children.get(id) ?? EMPTY;
}

/** Ancestors from the parent up to the root. Stops at a missing parent or a cycle. */
export function ancestorsOf(doc: AlbumDocument, id: string): DocNode[] {
  const result: DocNode[] = [];
  const seen = new Set<string>([id]);
  let parentId = getNode(doc, id)?.parentId ?? null;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = getNode(doc, parentId);
    if (!parent) break;
    result.push(parent);
    seen.add(parentId);
    parentId = parent.parentId;
  }
  return result;
}

/** All descendants, parents before their children (pre-order). */
export function descendantsOf(doc: AlbumDocument, id: string): DocNode[] {
  const result: DocNode[] = [];
  const stack = [...childrenOf(doc, id)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    result.push(node);
    const children = childrenOf(doc, node.id);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return result;
}

function closestOfType(doc: AlbumDocument, id: string, type: NodeType): DocNode | undefined {
  const node = getNode(doc, id);
  if (node?.type === type) return node;
  return ancestorsOf(doc, id).find((ancestor) => ancestor.type === type);
}

/** The spread a node sits on (the node itself when it is a spread). */
export function spreadOf(doc: AlbumDocument, id: string): DocNode | undefined {
  return closestOfType(doc, id, 'Spread');
}

/** The section a node belongs to (the node itself when it is a section). */
export function sectionOf(doc: AlbumDocument, id: string): DocNode | undefined {
  return closestOfType(doc, id, 'Section');
}

export function sectionsInOrder(doc: AlbumDocument): readonly DocNode[] {
  return treeIndex(doc).sections;
}

export function spreadsInOrder(doc: AlbumDocument): readonly DocNode[] {
  return treeIndex(doc).spreads;
}

/** Position of a spread in the whole album (0 = cover), or -1. */
export function spreadOrdinalOf(doc: AlbumDocument, spreadId: string): number {
  return treeIndex(doc).spreadOrdinal.get(spreadId) ?? -1;
}

export function isStaticSection(node: DocNode | undefined): boolean {
  return node?.type === 'Section' && node.props.static === true;
}

/** A nested view for display and debugging; the document never stores it. */
export interface TreeNode {
  node: DocNode;
  children: TreeNode[];
}

export function buildTree(doc: AlbumDocument, id = doc.rootId): TreeNode | undefined {
  const node = getNode(doc, id);
  if (!node) return undefined;
  const visit = (current: DocNode, depth: number): TreeNode => ({
    node: current,
    // Depth guard: a cyclic document must not overflow the stack; checkInvariants reports the cycle.
    children: depth > 64 ? [] : childrenOf(doc, current.id).map((child) => visit(child, depth + 1)),
  });
  return visit(node, 0);
}

// Invariants ------------------------------------------------------------------------------------------------

export type InvariantCode =
  | 'ROOT_MISSING'
  | 'ROOT_INVALID'
  | 'EXTRA_ROOT'
  | 'NODE_KEY_MISMATCH'
  | 'NODE_INVALID'
  | 'PARENT_MISSING'
  | 'CYCLE'
  | 'WRONG_PARENT'
  | 'GROUP_EMPTY'
  | 'ELEMENT_HAS_CHILDREN'
  | 'STICKER_INVALID'
  | 'STICKER_KEY_MISMATCH'
  | 'STICKER_SECTION_MISSING'
  | 'CELL_STICKER_MISSING'
  | 'STICKER_PLACED_TWICE'
  | 'SETTINGS_INVALID';

export interface InvariantViolation {
  code: InvariantCode;
  /** The node or sticker concerned. */
  id?: string;
  message: string;
}

/** Which parent types each node type may have (SPEC §3: Root > Section > Spread > elements). */
function allowedParent(type: NodeType, parentType: NodeType): boolean {
  if (type === 'Section') return parentType === 'Root';
  if (type === 'Spread') return parentType === 'Section';
  return parentType === 'Spread' || parentType === 'Group';
}

/**
 * Every violation of the document's invariants: groups have children and other elements have none, every parent
 * exists, no cycles, the Root > Section > Spread > elements shape, valid types and props, stickers referring to
 * existing sections, sticker cells referring to existing stickers, each sticker placed at most once.
 * An empty list means the document is valid.
 */
export function checkInvariants(doc: AlbumDocument): InvariantViolation[] {
  const violations: InvariantViolation[] = [];
  const report = (code: InvariantCode, id: string | undefined, message: string) =>
    violations.push({ code, id, message });

  const root = getNode(doc, doc.rootId);
  if (!root) report('ROOT_MISSING', doc.rootId, `root ${doc.rootId} does not exist`);
  else if (root.type !== 'Root' || root.parentId !== null)
    report('ROOT_INVALID', root.id, 'root must be a Root without parent');

  const childCount = new Map<string, number>();
  for (const [key, node] of Object.entries(doc.nodes)) {
    if (node.id !== key) report('NODE_KEY_MISMATCH', key, `node stored under ${key} has id ${node.id}`);
    const parsed = docNodeSchema.safeParse(node);
    if (!parsed.success) {
      report(
        'NODE_INVALID',
        key,
        `node ${key}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
    }
    if (node.parentId === null) {
      if (key !== doc.rootId) report('EXTRA_ROOT', key, `node ${key} has no parent but is not the root`);
      continue;
    }
    const parent = getNode(doc, node.parentId);
    if (!parent) {
      report('PARENT_MISSING', key, `parent ${node.parentId} of ${key} does not exist`);
      continue;
    }
    childCount.set(parent.id, (childCount.get(parent.id) ?? 0) + 1);
    if (!allowedParent(node.type, parent.type)) {
      report('WRONG_PARENT', key, `${node.type} ${key} cannot be a child of ${parent.type} ${parent.id}`);
    }
  }

  // Cycles: walk up from every node, memoising nodes known to reach the root.
  const reachesRoot = new Set<string>();
  for (const id of Object.keys(doc.nodes)) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null = id;
    while (current !== null && !reachesRoot.has(current)) {
      if (onPath.has(current)) {
        report('CYCLE', id, `node ${id} is part of or below a parent cycle`);
        break;
      }
      onPath.add(current);
      path.push(current);
      const currentNode = getNode(doc, current);
      if (!currentNode) break;
      current = currentNode.parentId;
    }
    if (current === null || reachesRoot.has(current)) for (const step of path) reachesRoot.add(step);
  }

  for (const node of Object.values(doc.nodes)) {
    const count = childCount.get(node.id) ?? 0;
    if (node.type === 'Group' && count === 0)
      report('GROUP_EMPTY', node.id, `group ${node.id} has no children`);
    if (isElementType(node.type) && node.type !== 'Group' && count > 0) {
      report('ELEMENT_HAS_CHILDREN', node.id, `${node.type} ${node.id} cannot have children`);
    }
  }

  const placedIn = new Map<string, string>();
  for (const node of Object.values(doc.nodes)) {
    const stickerId = node.props.stickerId;
    if (node.type !== 'StickerCell' || typeof stickerId !== 'string') continue;
    if (!Object.hasOwn(doc.stickers, stickerId)) {
      report('CELL_STICKER_MISSING', node.id, `cell ${node.id} refers to missing sticker ${stickerId}`);
    } else if (placedIn.has(stickerId)) {
      report(
        'STICKER_PLACED_TWICE',
        stickerId,
        `sticker ${stickerId} is in cells ${placedIn.get(stickerId)} and ${node.id}`,
      );
    } else placedIn.set(stickerId, node.id);
  }

  for (const [key, sticker] of Object.entries(doc.stickers)) {
    if (sticker.id !== key)
      report('STICKER_KEY_MISMATCH', key, `sticker stored under ${key} has id ${sticker.id}`);
    const parsed = stickerSchema.safeParse(sticker);
    if (!parsed.success) report('STICKER_INVALID', key, `sticker ${key}: ${parsed.error.issues[0]?.message}`);
    if (getNode(doc, sticker.sectionId)?.type !== 'Section') {
      report('STICKER_SECTION_MISSING', key, `sticker ${key} refers to missing section ${sticker.sectionId}`);
    }
  }

  if (!albumSettingsSchema.safeParse(doc.settings).success)
    report('SETTINGS_INVALID', undefined, 'settings are invalid');
  return violations;
}
