/**
 * Undo/redo (DESIGN.md: client-side; each entry holds the inverse patches of one local change), with the rules of
 * SPEC §4: undo only with more than one past entry and not while a text is being edited; redo only with a
 * future entry; a checkpoint after each change (which clears the future).
 *
 * The past starts with one entry, the checkpoint of the loaded document, which is never undone: that is why undo
 * needs more than one past entry. Pure functions over an immutable `History` value.
 *
 * Known limitation: remote changes are not rebased into the stack; undoing over a collaborator's later edit of
 * the same field restores our older value (last writer wins, as everywhere else).
 */
import type { AlbumDocument } from './document.ts';
import { applyPatchesWithInverse, type Patch } from './patches.ts';

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

export const DEFAULT_HISTORY_LIMIT = 200;

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

export function undo(
  doc: AlbumDocument,
  history: History,
  options: { editingText?: boolean } = {},
): HistoryStep {
  if (!canUndo(history, options)) return { doc, history, patches: [] };
  const entry = history.past.at(-1)!;
  // Recompute the redo from the current document: if a collaborator changed something meanwhile, redo restores
  // exactly what this undo removed.
  const { doc: next, inverse } = applyPatchesWithInverse(doc, entry.undo);
  return {
    doc: next,
    history: { past: history.past.slice(0, -1), future: [...history.future, { ...entry, redo: inverse }] },
    patches: entry.undo,
  };
}

export function redo(doc: AlbumDocument, history: History): HistoryStep {
  if (!canRedo(history)) return { doc, history, patches: [] };
  const entry = history.future.at(-1)!;
  const { doc: next, inverse } = applyPatchesWithInverse(doc, entry.redo);
  return {
    doc: next,
    history: { past: [...history.past, { ...entry, undo: inverse }], future: history.future.slice(0, -1) },
    patches: entry.redo,
  };
}
