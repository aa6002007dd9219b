import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from './document.ts';
import {
  commit,
  createHistory,
  documentAfterEntry,
  documentBeforeEntry,
  redo,
  undo,
  type History,
  type HistoryDocumentCache,
} from './history.ts';
import { deleteElements, insertElement, updateElement } from './operations/elements.ts';
import type { Change } from './operations/shared.ts';
import { smallAlbum } from './testing/test-support.ts';

const rect = { x: 0, y: 0, width: 10, height: 10 };

/** Commits real operations one by one; `after[k]` is the document right after the k-th change (0 = loaded). */
function edit(steps: ReadonlyArray<(doc: AlbumDocument) => Change>) {
  let doc = smallAlbum();
  let history: History = createHistory();
  const after = [doc];
  for (const step of steps) {
    ({ doc, history } = commit(doc, history, step(doc).patches));
    after.push(doc);
  }
  return { doc, history, after };
}

const steps: ReadonlyArray<(doc: AlbumDocument) => Change> = [
  (doc) =>
    insertElement(doc, { parentId: 'p1', type: 'Rectangle', props: { ...rect, fill: '#ff0000' } }, () => 'r'),
  (doc) => updateElement(doc, 'r', { fill: '#00ff00' }),
  (doc) => insertElement(doc, { parentId: 'p1', type: 'Circle', props: rect }, () => 'c'),
  (doc) => updateElement(doc, 'r', { fill: '#0000ff', x: 20 }),
  (doc) => deleteElements(doc, ['c']),
];

describe('documentAfterEntry', () => {
  it('rebuilds the document right after each change from the current one', () => {
    const { doc, history, after } = edit(steps);
    history.past.forEach((entry, k) => {
      expect(documentAfterEntry(doc, history, entry)).toStrictEqual(after[k]);
    });
    history.past.slice(1).forEach((entry, i) => {
      expect(documentBeforeEntry(doc, history, entry)).toStrictEqual(after[i]);
    });
    expect(documentAfterEntry(doc, history, history.past.at(-1)!)).toBe(doc);
  });

  it('gives the same documents in any order with a cache, and reuses them once rebuilt', () => {
    const { doc, history, after } = edit(steps);
    const cache: HistoryDocumentCache = new WeakMap();
    for (const k of [2, 4, 0, 1, 3, 5]) {
      expect(documentAfterEntry(doc, history, history.past[k], cache)).toStrictEqual(after[k]);
    }
    const first = documentAfterEntry(doc, history, history.past[1], cache);
    expect(documentAfterEntry(doc, history, history.past[1], cache)).toBe(first);
    // A later change leaves the earlier entries' documents as they were.
    const more = commit(doc, history, updateElement(doc, 'r', { fill: '#123456' }).patches);
    expect(documentAfterEntry(more.doc, more.history, history.past[1], cache)).toBe(first);
    expect(documentAfterEntry(more.doc, more.history, history.past[5], cache)).toStrictEqual(after[5]);
  });

  it('rebuilds the undone changes (the future) and the past after undo and redo', () => {
    const { history: edited, doc: last, after } = edit(steps);
    const cache: HistoryDocumentCache = new WeakMap();
    // Fill the cache before undoing: it must stay right.
    documentAfterEntry(last, edited, edited.past[1], cache);
    let state = { doc: last, history: edited };
    state = undo(state.doc, state.history);
    state = undo(state.doc, state.history);
    state = undo(state.doc, state.history);
    expect(state.doc).toStrictEqual(after[2]);
    const { doc, history } = state;
    expect(history.past).toHaveLength(3);
    expect(history.future).toHaveLength(3);
    history.past.forEach((entry, k) => {
      expect(documentAfterEntry(doc, history, entry, cache)).toStrictEqual(after[k]);
    });
    // The future is a stack: its last entry is the next redo, i.e. change 3.
    [...history.future].reverse().forEach((entry, i) => {
      expect(documentAfterEntry(doc, history, entry, cache)).toStrictEqual(after[3 + i]);
      expect(documentBeforeEntry(doc, history, entry, cache)).toStrictEqual(after[2 + i]);
    });

    const redone = redo(doc, history);
    expect(documentAfterEntry(redone.doc, redone.history, redone.history.past.at(-1)!, cache)).toBe(
      redone.doc,
    );
    for (const [k, entry] of redone.history.past.entries()) {
      expect(documentAfterEntry(redone.doc, redone.history, entry, cache)).toStrictEqual(after[k]);
    }
    for (const [i, entry] of [...redone.history.future].reverse().entries()) {
      expect(documentAfterEntry(redone.doc, redone.history, entry, cache)).toStrictEqual(after[4 + i]);
    }
  });

  it('shows a change undone and replaced by another one as gone', () => {
    const { doc, history, after } = edit(steps.slice(0, 3));
    const undone = undo(doc, history);
    const replaced = commit(
      undone.doc,
      undone.history,
      updateElement(undone.doc, 'r', { fill: '#abcdef' }).patches,
    );
    const entries = replaced.history.past;
    expect(entries).toHaveLength(4);
    expect(replaced.history.future).toHaveLength(0);
    expect(documentAfterEntry(replaced.doc, replaced.history, entries[2])).toStrictEqual(after[2]);
    expect(documentAfterEntry(replaced.doc, replaced.history, entries[3])?.nodes.r.props.fill).toBe(
      '#abcdef',
    );
    expect(documentAfterEntry(replaced.doc, replaced.history, entries[3])?.nodes.c).toBeUndefined();
    expect(documentAfterEntry(replaced.doc, replaced.history, history.past[3])).toBeUndefined();
  });
});
