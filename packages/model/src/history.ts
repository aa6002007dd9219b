/**
 * Undo/redo (DESIGN.md: client-side; each entry holds the inverse patches of one local change), with the rules of
 * SPEC §4: undo only with more than one past entry and not while a text is being edited; redo only with a
 * future entry; a checkpoint after each change (which clears the future).
 *
 * The past starts with one entry, the checkpoint of the loaded document, which is never undone: that is why undo
 * needs more than one past entry. Pure functions over an immutable `History` value.
 *
 * Undo only reverts this user's own changes (issue 6): every remote change is rebased into the stack with
 * `rebaseHistory`, which drops the inverse patches whose field a collaborator changed since (or whose node they
 * removed), so an undo never overwrites a later remote edit; what is left of the entry still undoes our part.
 * `undo`/`redo` skip a patch that no longer applies instead of failing the whole step.
 */
import type { AlbumDocument } from './document.ts';
import { ModelError } from './errors.ts';
import { applyPatchesWithInverse, parsePath, type Patch } from './patches.ts';

export interface HistoryEntry {
  /** Patches that redo the change. */
  redo: Patch[];
  /** Patches that undo the change (the exact inverse of `redo` on the document before it). */
  undo: Patch[];
  label?: string;
}

export interface History {
  past: readonly HistoryEntry[];
  future: readonly HistoryEntry[];
}

const DEFAULT_HISTORY_LIMIT = 200;

export function createHistory(): History {
  return { past: [{ redo: [], undo: [], label: 'initial' }], future: [] };
}

export function canUndo(history: History, options: { editingText?: boolean } = {}): boolean {
  return history.past.length > 1 && !options.editingText;
}

export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

/** Adds a checkpoint for a change already applied; clears the future. Keeps at most `limit` undoable entries. */
export function checkpoint(history: History, entry: HistoryEntry, limit = DEFAULT_HISTORY_LIMIT): History {
  if (entry.redo.length === 0) return history;
  const past = [...history.past, entry];
  // Drop the oldest undoable entries, never the initial checkpoint.
  if (past.length > limit + 1) past.splice(1, past.length - limit - 1);
  return { past, future: [] };
}

/** Applies a change to the document and records it: the usual way an editor action ends. */
export function commit(
  doc: AlbumDocument,
  history: History,
  patches: Patch[],
  label?: string,
): { doc: AlbumDocument; history: History } {
  const { doc: next, inverse } = applyPatchesWithInverse(doc, patches);
  return { doc: next, history: checkpoint(history, { redo: patches, undo: inverse, label }) };
}

export interface HistoryStep {
  doc: AlbumDocument;
  history: History;
  /** The patches that were applied, for sync. */
  patches: Patch[];
}

/** True when one path is the other or lies inside it (`/nodes/a` and `/nodes/a/props/x`). */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/**
 * The history after a remote change `remote` was applied to the document: every recorded patch (undo patches of
 * the past, redo patches of the future) that targets a field the remote change touched, lies inside a node or
 * sticker it replaced or removed, or would put a node under a node it removed, is dropped; entries left with
 * nothing to do are dropped too. So undo and redo restore only what this user changed and nobody changed since.
 */
export function rebaseHistory(history: History, remote: readonly Patch[]): History {
  if (remote.length === 0) return history;
  const touched = remote.map((patch) => patch.path);
  const removedNodes = new Set<string>();
  for (const patch of remote) {
    const target = patch.op === 'remove' ? parsePath(patch.path) : undefined;
    if (target?.kind === 'node') removedNodes.add(target.id);
  }
  const keeps = (patch: Patch): boolean => {
    if (touched.some((path) => overlaps(path, patch.path))) return false;
    if (removedNodes.size === 0 || patch.op === 'remove') return true;
    const target = parsePath(patch.path);
    if (target?.kind === 'node') {
      const parentId = (patch.value as { parentId?: unknown } | undefined)?.parentId;
      return !(typeof parentId === 'string' && removedNodes.has(parentId));
    }
    if (target?.kind === 'parentId')
      return !(typeof patch.value === 'string' && removedNodes.has(patch.value));
    return true;
  };
  let changed = false;
  const rebase = (entries: readonly HistoryEntry[], key: 'undo' | 'redo', keepFirst: boolean) => {
    const result: HistoryEntry[] = [];
    entries.forEach((entry, index) => {
      if (keepFirst && index === 0) return void result.push(entry);
      const kept = entry[key].filter(keeps);
      if (kept.length === entry[key].length) return void result.push(entry);
      changed = true;
      if (kept.length > 0) result.push({ ...entry, [key]: kept });
    });
    return result;
  };
  const past = rebase(history.past, 'undo', true);
  const future = rebase(history.future, 'redo', false);
  return changed ? { past, future } : history;
}

/** Applies the patches that still apply, one by one; a patch whose target is gone is skipped. */
function applyWhatApplies(doc: AlbumDocument, patches: readonly Patch[]) {
  try {
    return { ...applyPatchesWithInverse(doc, patches), applied: [...patches] };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
  }
  let current = doc;
  const inverse: Patch[] = [];
  const applied: Patch[] = [];
  for (const patch of patches) {
    try {
      const step = applyPatchesWithInverse(current, [patch]);
      current = step.doc;
      inverse.unshift(...step.inverse);
      applied.push(patch);
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
    }
  }
  return { doc: current, inverse, applied };
}

export function undo(
  doc: AlbumDocument,
  history: History,
  options: { editingText?: boolean } = {},
): HistoryStep {
  if (!canUndo(history, options)) return { doc, history, patches: [] };
  const entry = history.past.at(-1)!;
  // Recompute the redo from the current document: if a collaborator changed something meanwhile, redo restores
  // exactly what this undo removed.
  const { doc: next, inverse, applied } = applyWhatApplies(doc, entry.undo);
  return {
    doc: next,
    history: { past: history.past.slice(0, -1), future: [...history.future, { ...entry, redo: inverse }] },
    patches: applied,
  };
}

export function redo(doc: AlbumDocument, history: History): HistoryStep {
  if (!canRedo(history)) return { doc, history, patches: [] };
  const entry = history.future.at(-1)!;
  const { doc: next, inverse, applied } = applyWhatApplies(doc, entry.redo);
  return {
    doc: next,
    history: { past: [...history.past, { ...entry, undo: inverse }], future: history.future.slice(0, -1) },
    patches: applied,
  };
}

/**
 * Documents rebuilt for history entries (see `documentAfterEntry`), one per entry object. Valid while the
 * document changes only through this history (commit, undo, redo): drop it when a remote change is applied or
 * the document is replaced, since the rebuilt documents would lack that change.
 */
export type HistoryDocumentCache = WeakMap<HistoryEntry, AlbumDocument>;

/** The entries oldest first: the past, then the future from the next redo on. The last past entry is current. */
function timeline(history: History): readonly HistoryEntry[] {
  return [...history.past, ...[...history.future].reverse()];
}

/** The document right after the entry at `target` of the timeline, walking from the current one. */
function documentAtIndex(
  doc: AlbumDocument,
  entries: readonly HistoryEntry[],
  current: number,
  target: number,
  cache?: HistoryDocumentCache,
): AlbumDocument {
  if (target === current) return doc;
  const step = target < current ? -1 : 1;
  // Start from the cached document nearest to the target, or from the current document.
  let index = target;
  while (index !== current && !cache?.has(entries[index])) index -= step;
  let result = index === current ? doc : cache!.get(entries[index])!;
  while (index !== target) {
    // Back: undo the entry we are at. Forward: redo the next one.
    result = applyWhatApplies(result, step < 0 ? entries[index].undo : entries[index + 1].redo).doc;
    index += step;
    cache?.set(entries[index], result);
  }
  return result;
}

/**
 * The album as it was right after `entry` (one of `history.past` or `history.future`), rebuilt from the current
 * document with the patches the history already keeps: the undo patches of the later past entries, newest
 * first, or the redo patches of the future entries up to it. Nothing is stored when a change is committed; with
 * a `cache` every entry is rebuilt once (one patch application each). Patches that no longer apply (a
 * collaborator's change) are skipped, as in `undo`. Undefined when the entry is not in the history.
 */
export function documentAfterEntry(
  doc: AlbumDocument,
  history: History,
  entry: HistoryEntry,
  cache?: HistoryDocumentCache,
): AlbumDocument | undefined {
  const entries = timeline(history);
  const target = entries.indexOf(entry);
  if (target < 0) return undefined;
  return documentAtIndex(doc, entries, history.past.length - 1, target, cache);
}

/** The album as it was right before `entry`: the document after the entry before it (see `documentAfterEntry`). */
export function documentBeforeEntry(
  doc: AlbumDocument,
  history: History,
  entry: HistoryEntry,
  cache?: HistoryDocumentCache,
): AlbumDocument | undefined {
  const entries = timeline(history);
  const target = entries.indexOf(entry);
  if (target < 1) return undefined;
  return documentAtIndex(doc, entries, history.past.length - 1, target - 1, cache);
}
