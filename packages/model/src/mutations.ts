/**
 * The server's hot path for a client mutation (DESIGN.md "The album document"): validate the patches, apply them,
 * and refuse the result when it introduces an invariant violation — without re-checking the whole document.
 *
 * `applyUntrustedPatches` (patches.ts) runs `checkInvariants` twice, which validates every node with zod
 * (~40 ms for the 60-spread benchmark album). A mutation only touches a few nodes, and every invariant is local:
 * it relates a node to its parent, its children, its ancestors (cycles), or a sticker cell to its sticker. So we
 * check exactly the nodes and stickers a mutation can affect, with zod only for the touched ones, and compare with
 * the same scope before the change ("introduced" violations, so an old imperfect document can still be edited).
 * The fuzz test in server/test/realtime-fuzz.test.ts and mutations.test.ts here hold this equal to the full check.
 */
import type { AlbumDocument, DocNode, NodeType } from './document.ts';
import { parsePath, validatePatches, applyPatches, type Patch, type PatchIssue } from './patches.ts';
import { albumSettingsSchema, docNodeSchema, isElementType, stickerSchema } from './schema.ts';
import type { InvariantCode, InvariantViolation } from './tree.ts';
import { commentRuleViolation, type CommentRuleViolation, type MutationActor } from './rules/comments.ts';

/** What a patch list touches. */
interface MutationScope {
  nodeIds: Set<string>;
  stickerIds: Set<string>;
  settings: boolean;
}

function scopeOfPatches(patches: readonly Patch[]): MutationScope {
  const scope: MutationScope = { nodeIds: new Set(), stickerIds: new Set(), settings: false };
  for (const patch of patches) {
    const target = parsePath(patch.path);
    if (!target) continue;
    if (target.kind === 'setting') scope.settings = true;
    else if (target.kind === 'sticker' || target.kind === 'stickerField') scope.stickerIds.add(target.id);
    else scope.nodeIds.add(target.id);
  }
  return scope;
}

/** Mirrors tree.ts: which parent types each node type may have (SPEC §3: Root > Section > Spread > elements). */
function allowedParent(type: NodeType, parentType: NodeType): boolean {
  if (type === 'Section') return parentType === 'Root';
  if (type === 'Spread') return parentType === 'Section';
  return parentType === 'Spread' || parentType === 'Group';
}

function nodeOf(doc: AlbumDocument, id: string | null | undefined): DocNode | undefined {
  return id != null && Object.hasOwn(doc.nodes, id) ? doc.nodes[id] : undefined;
}

/** The nodes and stickers whose invariants a change in `scope` can affect, looked up in both documents. */
interface Affected {
  /** Validated with zod (touched by the patches). */
  touchedNodes: Set<string>;
  /** Parent relation checked (touched nodes and the children of touched nodes). */
  parentChecked: Set<string>;
  /** Child count checked (touched nodes and their old and new parents). */
  countChecked: Set<string>;
  /** Sticker ids whose placement (cells referring to them) is checked. */
  placementChecked: Set<string>;
  /** Stickers whose record and section are checked. */
  stickersChecked: Set<string>;
}

function affectedBy(before: AlbumDocument, after: AlbumDocument, scope: MutationScope): Affected {
  const touchedNodes = scope.nodeIds;
  const parentChecked = new Set(touchedNodes);
  const countChecked = new Set<string>();
  const placementChecked = new Set<string>();
  const stickersChecked = new Set(scope.stickerIds);
  const sectionsTouched = new Set<string>();

  for (const id of touchedNodes) {
    countChecked.add(id);
    for (const doc of [before, after]) {
      const node = nodeOf(doc, id);
      if (!node) continue;
      if (node.parentId !== null) countChecked.add(node.parentId);
      if (node.type === 'StickerCell' && typeof node.props.stickerId === 'string')
        placementChecked.add(node.props.stickerId);
      if (node.type === 'Section') sectionsTouched.add(id);
    }
  }
  for (const id of scope.stickerIds) placementChecked.add(id);

  // One linear scan, no sorting or allocation per node: children of touched nodes (their parent may be gone or
  // have changed type), and stickers of touched sections (their section may be gone).
  if (touchedNodes.size > 0) {
    for (const doc of [before, after]) {
      for (const id in doc.nodes) {
        const parentId = doc.nodes[id].parentId;
        if (parentId !== null && touchedNodes.has(parentId)) parentChecked.add(id);
      }
    }
  }
  if (sectionsTouched.size > 0) {
    for (const doc of [before, after]) {
      for (const id in doc.stickers) {
        if (sectionsTouched.has(doc.stickers[id].sectionId)) stickersChecked.add(id);
      }
    }
  }
  return { touchedNodes, parentChecked, countChecked, placementChecked, stickersChecked };
}

/** The violations of `doc` within `affected` — the same codes and ids as `checkInvariants` reports. */
function scopedViolations(
  doc: AlbumDocument,
  affected: Affected,
  scope: MutationScope,
): InvariantViolation[] {
  const violations: InvariantViolation[] = [];
  const report = (code: InvariantCode, id: string | undefined, message: string) =>
    violations.push({ code, id, message });

  if (affected.touchedNodes.has(doc.rootId)) {
    const root = nodeOf(doc, doc.rootId);
    if (!root) report('ROOT_MISSING', doc.rootId, `root ${doc.rootId} does not exist`);
    else if (root.type !== 'Root' || root.parentId !== null)
      report('ROOT_INVALID', root.id, 'root must be a Root without parent');
  }

  for (const id of affected.parentChecked) {
    const node = nodeOf(doc, id);
    if (!node) continue;
    if (affected.touchedNodes.has(id)) {
      if (node.id !== id) report('NODE_KEY_MISMATCH', id, `node stored under ${id} has id ${node.id}`);
      const parsed = docNodeSchema.safeParse(node);
      if (!parsed.success) report('NODE_INVALID', id, `node ${id}: ${parsed.error.issues[0]?.message}`);
    }
    if (node.parentId === null) {
      if (id !== doc.rootId) report('EXTRA_ROOT', id, `node ${id} has no parent but is not the root`);
      continue;
    }
    const parent = nodeOf(doc, node.parentId);
    if (!parent) report('PARENT_MISSING', id, `parent ${node.parentId} of ${id} does not exist`);
    else if (!allowedParent(node.type, parent.type))
      report('WRONG_PARENT', id, `${node.type} ${id} cannot be a child of ${parent.type} ${parent.id}`);
  }

  // Cycles: only a touched node (new or re-parented) can close one; walk up from each.
  for (const id of affected.touchedNodes) {
    const seen = new Set<string>();
    let current: DocNode | undefined = nodeOf(doc, id);
    while (current && current.parentId !== null) {
      if (seen.has(current.id)) {
        report('CYCLE', id, `node ${id} is part of or below a parent cycle`);
        break;
      }
      seen.add(current.id);
      current = nodeOf(doc, current.parentId);
    }
  }

  if (affected.countChecked.size > 0) {
    const counts = new Map<string, number>();
    for (const id in doc.nodes) {
      const parentId = doc.nodes[id].parentId;
      if (parentId !== null && affected.countChecked.has(parentId))
        counts.set(parentId, (counts.get(parentId) ?? 0) + 1);
    }
    for (const id of affected.countChecked) {
      const node = nodeOf(doc, id);
      if (!node) continue;
      const count = counts.get(id) ?? 0;
      if (node.type === 'Group' && count === 0) report('GROUP_EMPTY', id, `group ${id} has no children`);
      if (isElementType(node.type) && node.type !== 'Group' && count > 0)
        report('ELEMENT_HAS_CHILDREN', id, `${node.type} ${id} cannot have children`);
    }
  }

  if (affected.placementChecked.size > 0) {
    const placedIn = new Map<string, string>();
    for (const id in doc.nodes) {
      const node = doc.nodes[id];
      const stickerId = node.props.stickerId;
      if (node.type !== 'StickerCell' || typeof stickerId !== 'string') continue;
      if (!affected.placementChecked.has(stickerId)) continue;
      if (!Object.hasOwn(doc.stickers, stickerId)) {
        report('CELL_STICKER_MISSING', id, `cell ${id} refers to missing sticker ${stickerId}`);
      } else if (placedIn.has(stickerId)) {
        report('STICKER_PLACED_TWICE', stickerId, `sticker ${stickerId} is in two cells`);
      } else placedIn.set(stickerId, id);
    }
  }

  for (const id of affected.stickersChecked) {
    if (!Object.hasOwn(doc.stickers, id)) continue;
    const sticker = doc.stickers[id];
    if (sticker.id !== id)
      report('STICKER_KEY_MISMATCH', id, `sticker stored under ${id} has id ${sticker.id}`);
    const parsed = stickerSchema.safeParse(sticker);
    if (!parsed.success) report('STICKER_INVALID', id, `sticker ${id}: ${parsed.error.issues[0]?.message}`);
    if (nodeOf(doc, sticker.sectionId)?.type !== 'Section')
      report('STICKER_SECTION_MISSING', id, `sticker ${id} refers to missing section ${sticker.sectionId}`);
  }

  if (scope.settings && !albumSettingsSchema.safeParse(doc.settings).success)
    report('SETTINGS_INVALID', undefined, 'settings are invalid');
  return violations;
}

const violationKey = (v: InvariantViolation) => `${v.code}:${v.id ?? ''}`;

/**
 * The invariant violations that `after` has and `before` had not, looking only at what `patches` can affect.
 * Equal to diffing `checkInvariants(before)` and `checkInvariants(after)` when `after = applyPatches(before, patches)`.
 */
export function introducedViolations(
  before: AlbumDocument,
  after: AlbumDocument,
  patches: readonly Patch[],
): InvariantViolation[] {
  const scope = scopeOfPatches(patches);
  const affected = affectedBy(before, after, scope);
  const existing = new Set(scopedViolations(before, affected, scope).map(violationKey));
  return scopedViolations(after, affected, scope).filter((v) => !existing.has(violationKey(v)));
}

export type MutationResult =
  | { ok: true; doc: AlbumDocument; patches: Patch[] }
  | {
      ok: false;
      issue?: PatchIssue;
      violations?: InvariantViolation[];
      /** A rule of who may change what (Comments) that the actor breaks. */
      forbidden?: CommentRuleViolation;
    };

/**
 * `applyUntrustedPatches` with the incremental invariant check: what the realtime server runs for each client
 * mutation, with the rights of `actor` when given. Never throws; an invalid mutation leaves `doc` as it was
 * (documents are immutable).
 */
export function applyMutation(
  doc: AlbumDocument,
  patches: unknown,
  maxPatches = 10_000,
  actor?: MutationActor,
): MutationResult {
  const found = validatePatches(patches, doc, maxPatches);
  if (found) return { ok: false, issue: found };
  let next: AlbumDocument;
  try {
    next = applyPatches(doc, patches as Patch[]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, issue: { code: 'PATH_NOT_FOUND', message } };
  }
  if (actor) {
    const forbidden = commentRuleViolation(doc, next, scopeOfPatches(patches as Patch[]).nodeIds, actor);
    if (forbidden) return { ok: false, forbidden };
  }
  const introduced = introducedViolations(doc, next, patches as Patch[]);
  return introduced.length === 0
    ? { ok: true, doc: next, patches: patches as Patch[] }
    : { ok: false, violations: introduced };
}
