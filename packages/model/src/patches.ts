/**
 * Per-field patches: the one mechanism that saves, syncs and undoes every change (DESIGN.md).
 *
 * A patch is `{ op: 'add' | 'replace' | 'remove', path, value? }` on one of these paths:
 *
 *   /nodes/<id>                    a whole node (add, replace, remove; no cascade: operations list descendants)
 *   /nodes/<id>/props/<key>        one prop (add, replace, remove when the prop is optional)
 *   /nodes/<id>/parentId           re-parent (replace)
 *   /nodes/<id>/index              re-order among siblings (replace)
 *   /stickers/<id>                 a whole sticker (add, replace, remove)
 *   /stickers/<id>/<field>         one sticker field (add, replace, remove when optional)
 *   /settings/<key>                one album setting (add, replace)
 *
 * `add` sets a value whether or not one exists (as in JSON Patch); `replace` and `remove` need an existing target.
 * `applyPatches` trusts its input (it is the hot path of the editor); anything from the network goes through
 * `validatePatches` first, or through `applyUntrustedPatches`, which also checks the tree invariants afterwards.
 */
import type { AlbumDocument, DocNode, NodeType, Sticker } from './document.ts';
import { ModelError } from './errors.ts';
import { isValidId, RESERVED_KEYS } from './ids.ts';
import {
  albumSettingsSchema,
  docNodeSchema,
  fractionalIndexSchema,
  idSchema,
  isOptionalProp,
  NODE_TYPES,
  propSchemaFor,
  SETTINGS_KEYS,
  STICKER_FIELDS,
  stickerSchema,
} from './schema.ts';
import { carryTreeIndex, checkInvariants, type InvariantViolation } from './tree.ts';

type PatchOp = 'add' | 'replace' | 'remove';

export interface Patch {
  op: PatchOp;
  path: string;
  value?: unknown;
}

// Paths ------------------------------------------------------------------------------------------------------

export type PatchTarget =
  | { kind: 'node'; id: string }
  | { kind: 'prop'; id: string; key: string }
  | { kind: 'parentId'; id: string }
  | { kind: 'index'; id: string }
  | { kind: 'sticker'; id: string }
  | { kind: 'stickerField'; id: string; field: string }
  | { kind: 'setting'; key: string };

const PROP_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

function isSafeKey(key: string): boolean {
  return PROP_KEY.test(key) && !RESERVED_KEYS.has(key);
}

/** Parses a patch path, or returns undefined for anything that is not one of the paths above. */
export function parsePath(path: string): PatchTarget | undefined {
  if (typeof path !== 'string' || path.length > 300 || !path.startsWith('/')) return undefined;
  const [, root, id, field, key, ...rest] = path.split('/');
  if (rest.length > 0) return undefined;
  if (root === 'settings') {
    if (field !== undefined || !(SETTINGS_KEYS as string[]).includes(id)) return undefined;
    return { kind: 'setting', key: id };
  }
  if (!isValidId(id)) return undefined;
  if (root === 'nodes') {
    if (field === undefined) return { kind: 'node', id };
    if (field === 'props' && key !== undefined && isSafeKey(key)) return { kind: 'prop', id, key };
    if (key !== undefined) return undefined;
    if (field === 'parentId') return { kind: 'parentId', id };
    if (field === 'index') return { kind: 'index', id };
    return undefined;
  }
  if (root === 'stickers') {
    if (field === undefined) return { kind: 'sticker', id };
    if (key !== undefined || field === 'id' || !(STICKER_FIELDS as string[]).includes(field))
      return undefined;
    return { kind: 'stickerField', id, field };
  }
  return undefined;
}

export const nodePath = (id: string) => `/nodes/${id}`;
export const propPath = (id: string, key: string) => `/nodes/${id}/props/${key}`;
export const parentPath = (id: string) => `/nodes/${id}/parentId`;
export const indexPath = (id: string) => `/nodes/${id}/index`;
export const stickerPath = (id: string) => `/stickers/${id}`;
export const stickerFieldPath = (id: string, field: string) => `/stickers/${id}/${field}`;
export const settingPath = (key: string) => `/settings/${key}`;

// Applying --------------------------------------------------------------------------------------------------

function has(object: object, key: string): boolean {
  return Object.hasOwn(object, key);
}

/**
 * Applies patches with copy-on-write: containers touched for the first time in this call are copied once, every
 * untouched node, sticker and setting keeps its identity (structural sharing). When `inverse` is given, it
 * receives the inverse of each patch, computed from the state just before that patch.
 */
function applyCore(doc: AlbumDocument, patches: readonly Patch[], inverse?: Patch[]): AlbumDocument {
  if (patches.length === 0) return doc;
  let nodes = doc.nodes;
  let stickers = doc.stickers;
  let settings = doc.settings;
  const fresh = new Set<object>();
  /** Nodes added, removed or changed: the derived tree index is carried over for the rest (tree.ts). */
  const changedNodes = new Set<string>();
  const own = <T extends object>(value: T): T => {
    if (fresh.has(value)) return value;
    const copy = { ...value };
    fresh.add(copy);
    return copy;
  };
  const writableNode = (id: string): DocNode => {
    nodes = own(nodes);
    const node = own(nodes[id]);
    nodes[id] = node;
    return node;
  };
  const writableSticker = (id: string): Sticker => {
    stickers = own(stickers);
    const sticker = own(stickers[id]);
    stickers[id] = sticker;
    return sticker;
  };
  const missing = (patch: Patch): never => {
    throw new ModelError('PATH_NOT_FOUND', `${patch.op} ${patch.path}: target does not exist`);
  };

  // Records the inverse of writing `patch` over a target whose previous value is `previous` (absent: undefined).
  const recordInverse = (patch: Patch, existed: boolean, previous: unknown) => {
    if (!inverse) return;
    if (!existed) inverse.push({ op: 'remove', path: patch.path });
    else inverse.push({ op: patch.op === 'remove' ? 'add' : 'replace', path: patch.path, value: previous });
  };

  for (const patch of patches) {
    const target = parsePath(patch.path);
    if (!target || !['add', 'replace', 'remove'].includes(patch.op)) {
      throw new ModelError('PATCH_INVALID', `invalid patch ${String(patch.op)} ${String(patch.path)}`);
    }
    const needsExisting = patch.op !== 'add';
    if ('id' in target && target.kind !== 'sticker' && target.kind !== 'stickerField')
      changedNodes.add(target.id);
    switch (target.kind) {
      case 'node': {
        const existed = has(nodes, target.id);
        if (needsExisting && !existed) missing(patch);
        recordInverse(patch, existed, existed ? nodes[target.id] : undefined);
        nodes = own(nodes);
        if (patch.op === 'remove') delete nodes[target.id];
        else nodes[target.id] = patch.value as DocNode;
        break;
      }
      case 'prop': {
        if (!has(nodes, target.id)) missing(patch);
        const props = nodes[target.id].props;
        const existed = has(props, target.key);
        if (needsExisting && !existed) missing(patch);
        recordInverse(patch, existed, props[target.key]);
        const node = writableNode(target.id);
        node.props = own(node.props);
        if (patch.op === 'remove') delete node.props[target.key];
        else node.props[target.key] = patch.value;
        break;
      }
      case 'parentId':
      case 'index': {
        if (!has(nodes, target.id) || patch.op === 'remove') missing(patch);
        const field = target.kind;
        recordInverse(patch, true, nodes[target.id][field]);
        const node = writableNode(target.id);
        if (field === 'parentId') node.parentId = patch.value as string;
        else node.index = patch.value as string;
        break;
      }
      case 'sticker': {
        const existed = has(stickers, target.id);
        if (needsExisting && !existed) missing(patch);
        recordInverse(patch, existed, existed ? stickers[target.id] : undefined);
        stickers = own(stickers);
        if (patch.op === 'remove') delete stickers[target.id];
        else stickers[target.id] = patch.value as Sticker;
        break;
      }
      case 'stickerField': {
        if (!has(stickers, target.id)) missing(patch);
        const existed = has(stickers[target.id], target.field);
        if (needsExisting && !existed) missing(patch);
        recordInverse(
          patch,
          existed,
          (stickers[target.id] as unknown as Record<string, unknown>)[target.field],
        );
        const sticker = writableSticker(target.id) as unknown as Record<string, unknown>;
        if (patch.op === 'remove') delete sticker[target.field];
        else sticker[target.field] = patch.value;
        break;
      }
      case 'setting': {
        if (patch.op === 'remove')
          throw new ModelError('PATCH_INVALID', `settings cannot be removed: ${patch.path}`);
        const key = target.key as keyof typeof settings;
        recordInverse(patch, true, settings[key]);
        settings = own(settings);
        (settings as unknown as Record<string, unknown>)[key] = patch.value;
        break;
      }
    }
  }
  carryTreeIndex(doc.nodes, nodes, doc.rootId, changedNodes);
  if (nodes !== doc.nodes) nodeEdits.set(nodes, { base: new WeakRef(doc.nodes), keys: changedNodes });
  return { ...doc, nodes, stickers, settings };
}

/**
 * Each nodes map a patch list made, with the map it was made from and the keys it touched. The base is held
 * weakly, so a long editing session does not keep every earlier map alive through the latest.
 */
const nodeEdits = new WeakMap<
  Record<string, DocNode>,
  { base: WeakRef<Record<string, DocNode>>; keys: ReadonlySet<string> }
>();
const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * The keys of the nodes that may differ between `prev` and `next` (added, removed or changed). When one
 * `applyPatches` made `next` from `prev` (an undo, a drop, a collaborator's change), the keys that list touched,
 * without looking at the rest: a superset, since a patch may write a value equal to the old one. Otherwise (a map
 * made another way, or several lists apart) the keys whose nodes differ, found by comparing every node. Lets a
 * per-change check (the canvas's move drawn before React, the renderer's views) cost the change, not the album,
 * whenever the model knows what changed.
 */
export function changedNodeKeys(
  prev: Record<string, DocNode>,
  next: Record<string, DocNode>,
): ReadonlySet<string> {
  if (prev === next) return NO_KEYS;
  const edit = nodeEdits.get(next);
  if (edit?.base.deref() === prev) return edit.keys;
  const keys = new Set<string>();
  for (const id in next) if (next[id] !== prev[id]) keys.add(id);
  for (const id in prev) if (!(id in next)) keys.add(id);
  return keys;
}

/** Applies patches in order and returns the new document; the input is never modified. Throws a ModelError
 * (PATCH_INVALID, PATH_NOT_FOUND) for a patch that cannot apply. */
export function applyPatches(doc: AlbumDocument, patches: readonly Patch[]): AlbumDocument {
  return applyCore(doc, patches);
}

/** The exact inverse of `patches` on `doc`: applying it to the result restores a deep-equal copy of `doc`. */
export function invertPatches(doc: AlbumDocument, patches: readonly Patch[]): Patch[] {
  const inverse: Patch[] = [];
  applyCore(doc, patches, inverse);
  return inverse.reverse();
}

/** Applies patches and returns the new document together with the inverse (one pass instead of two). */
export function applyPatchesWithInverse(
  doc: AlbumDocument,
  patches: readonly Patch[],
): { doc: AlbumDocument; inverse: Patch[] } {
  const inverse: Patch[] = [];
  const next = applyCore(doc, patches, inverse);
  return { doc: next, inverse: inverse.reverse() };
}

// Validation of untrusted patches --------------------------------------------------------------------------------

type PatchIssueCode =
  'PATCH_MALFORMED' | 'PATH_INVALID' | 'OP_NOT_ALLOWED' | 'VALUE_INVALID' | 'PATH_NOT_FOUND';

export interface PatchIssue {
  code: PatchIssueCode;
  path?: string;
  message: string;
}

function issue(code: PatchIssueCode, path: string | undefined, message: string): PatchIssue {
  return { code, path, message };
}

function valueIssue(
  path: string,
  result: { success: boolean; error?: { issues: Array<{ message: string }> } },
) {
  return result.success
    ? null
    : issue('VALUE_INVALID', path, result.error?.issues[0]?.message ?? 'invalid value');
}

/**
 * Checks one patch from an untrusted source: its shape, op, path (no prototype keys, no unknown roots) and the
 * type and range of its value. With `doc`, a prop is checked against the schema of its node's actual type, and
 * removal of a required prop or field is refused. Returns null when the patch is acceptable.
 */
export function validatePatch(patch: unknown, doc?: AlbumDocument): PatchIssue | null {
  return validateAgainst(
    patch,
    doc && ((id) => (Object.hasOwn(doc.nodes, id) ? doc.nodes[id].type : undefined)),
    doc?.rootId,
  );
}

/** `typeOf` answers the type of a node as it will be when the patch applies (undefined: no such node). */
function validateAgainst(
  patch: unknown,
  typeOf: ((id: string) => NodeType | undefined) | undefined,
  rootId: string | undefined,
): PatchIssue | null {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    return issue('PATCH_MALFORMED', undefined, 'a patch must be an object');
  }
  const keys = Object.keys(patch);
  if (keys.some((key) => !['op', 'path', 'value'].includes(key))) {
    return issue('PATCH_MALFORMED', undefined, 'a patch has only op, path and value');
  }
  const { op, path, value } = patch as Record<string, unknown>;
  if (op !== 'add' && op !== 'replace' && op !== 'remove')
    return issue('PATCH_MALFORMED', undefined, 'unknown op');
  if (typeof path !== 'string') return issue('PATCH_MALFORMED', undefined, 'path must be a string');
  const target = parsePath(path);
  if (!target) return issue('PATH_INVALID', path, 'unknown or unsafe path');
  const hasValue = Object.hasOwn(patch, 'value');
  if (op === 'remove' && hasValue) return issue('PATCH_MALFORMED', path, 'remove takes no value');
  if (op !== 'remove' && !hasValue) return issue('PATCH_MALFORMED', path, `${op} needs a value`);

  switch (target.kind) {
    case 'node': {
      if (op === 'remove') return null;
      const parsed = docNodeSchema.safeParse(value);
      if (!parsed.success) return valueIssue(path, parsed);
      if (parsed.data.id !== target.id)
        return issue('VALUE_INVALID', path, 'node id does not match its path');
      if (parsed.data.type === 'Root' && rootId !== undefined && rootId !== target.id) {
        return issue('VALUE_INVALID', path, 'a document has exactly one root');
      }
      return null;
    }
    case 'prop': {
      const type = typeOf?.(target.id);
      if (typeOf && !type) return issue('PATH_NOT_FOUND', path, `node ${target.id} does not exist`);
      const types: NodeType[] = type ? [type] : [...NODE_TYPES];
      const schemas = types
        .map((type) => propSchemaFor(type, target.key))
        .filter((schema) => schema !== undefined);
      if (schemas.length === 0) return issue('PATH_INVALID', path, `unknown prop ${target.key}`);
      if (op === 'remove') {
        return types.some((type) => isOptionalProp(type, target.key))
          ? null
          : issue('OP_NOT_ALLOWED', path, `${target.key} is required`);
      }
      return schemas.some((schema) => schema.safeParse(value).success)
        ? null
        : issue('VALUE_INVALID', path, `invalid value for ${target.key}`);
    }
    case 'parentId': {
      if (op !== 'replace') return issue('OP_NOT_ALLOWED', path, 'parentId can only be replaced');
      return valueIssue(path, idSchema.safeParse(value));
    }
    case 'index': {
      if (op !== 'replace') return issue('OP_NOT_ALLOWED', path, 'index can only be replaced');
      return valueIssue(path, fractionalIndexSchema.safeParse(value));
    }
    case 'sticker': {
      if (op === 'remove') return null;
      const parsed = stickerSchema.safeParse(value);
      if (!parsed.success) return valueIssue(path, parsed);
      return parsed.data.id === target.id
        ? null
        : issue('VALUE_INVALID', path, 'sticker id does not match its path');
    }
    case 'stickerField': {
      const schema = stickerSchema.shape[target.field as keyof typeof stickerSchema.shape];
      if (op === 'remove') {
        return schema.safeParse(undefined).success
          ? null
          : issue('OP_NOT_ALLOWED', path, `${target.field} is required`);
      }
      if (value === undefined) return issue('VALUE_INVALID', path, 'undefined is not a value');
      return valueIssue(path, schema.safeParse(value));
    }
    case 'setting': {
      if (op === 'remove') return issue('OP_NOT_ALLOWED', path, 'settings cannot be removed');
      const schema = albumSettingsSchema.shape[target.key as keyof typeof albumSettingsSchema.shape];
      return valueIssue(path, schema.safeParse(value));
    }
  }
}

/** The first issue of a patch list (at most `maxPatches` long), or null. */
export function validatePatches(
  patches: unknown,
  doc?: AlbumDocument,
  maxPatches = 10_000,
): PatchIssue | null {
  if (!Array.isArray(patches)) return issue('PATCH_MALFORMED', undefined, 'patches must be an array');
  if (patches.length > maxPatches)
    return issue('PATCH_MALFORMED', undefined, `more than ${maxPatches} patches`);
  // Nodes added or removed earlier in the same list change what later prop patches may touch.
  const overlay = new Map<string, NodeType | undefined>();
  const typeOf = doc
    ? (id: string) =>
        overlay.has(id) ? overlay.get(id) : Object.hasOwn(doc.nodes, id) ? doc.nodes[id].type : undefined
    : undefined;
  for (const patch of patches) {
    const found = validateAgainst(patch, typeOf, doc?.rootId);
    if (found) return found;
    const { op, path, value } = patch as Patch;
    const target = parsePath(path);
    if (target?.kind === 'node')
      overlay.set(target.id, op === 'remove' ? undefined : (value as DocNode).type);
  }
  return null;
}

export type UntrustedPatchResult =
  { ok: true; doc: AlbumDocument } | { ok: false; issue?: PatchIssue; violations?: InvariantViolation[] };

/**
 * What the server does with a client's mutation: validate every patch, apply them, and accept the result only
 * if it introduces no invariant violation (violations already present in `doc` are tolerated so an old,
 * imperfect document can still be edited).
 */
export function applyUntrustedPatches(doc: AlbumDocument, patches: unknown): UntrustedPatchResult {
  const found = validatePatches(patches, doc);
  if (found) return { ok: false, issue: found };
  let next: AlbumDocument;
  try {
    next = applyPatches(doc, patches as Patch[]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, issue: issue('PATH_NOT_FOUND', undefined, message) };
  }
  const before = new Set(checkInvariants(doc).map((v) => `${v.code}:${v.id}`));
  const introduced = checkInvariants(next).filter((v) => !before.has(`${v.code}:${v.id}`));
  return introduced.length === 0 ? { ok: true, doc: next } : { ok: false, violations: introduced };
}
