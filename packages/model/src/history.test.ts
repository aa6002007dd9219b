import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, checkpoint, commit, createHistory, redo, undo } from './history.ts';
import { insertElement } from './operations/elements.ts';
import { smallAlbum } from './testing/test-support.ts';

const rect = { x: 0, y: 0, width: 10, height: 10 };

describe('history', () => {
  it('starts with one past entry, so nothing can be undone or redone', () => {
    const history = createHistory();
    expect(history.past).toHaveLength(1);
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
  });

  it('undoes and redoes a change exactly', () => {
    const doc = smallAlbum();
    const change = insertElement(doc, { parentId: 'p1', type: 'Rectangle', props: rect }, () => 'r');
    const done = commit(doc, createHistory(), change.patches);
    expect(canUndo(done.history)).toBe(true);
    const undone = undo(done.doc, done.history);
    expect(undone.doc).toStrictEqual(doc);
    expect(canRedo(undone.history)).toBe(true);
    const redone = redo(undone.doc, undone.history);
    expect(redone.doc).toStrictEqual(done.doc);
    expect(canRedo(redone.history)).toBe(false);
  });

  it('does not undo while a text is being edited', () => {
    const doc = smallAlbum();
    const done = commit(
      doc,
      createHistory(),
      insertElement(doc, { parentId: 'p1', type: 'Text', props: rect }, () => 't').patches,
    );
    expect(canUndo(done.history, { editingText: true })).toBe(false);
    expect(undo(done.doc, done.history, { editingText: true }).doc).toBe(done.doc);
  });

  it('clears the future on a new checkpoint', () => {
    const doc = smallAlbum();
    const done = commit(
      doc,
      createHistory(),
      insertElement(doc, { parentId: 'p1', type: 'Text', props: rect }, () => 't').patches,
    );
    const undone = undo(done.doc, done.history);
    const again = commit(
      undone.doc,
      undone.history,
      insertElement(undone.doc, { parentId: 'p1', type: 'Line', props: rect }, () => 'l').patches,
    );
    expect(canRedo(again.history)).toBe(false);
  });

  it('ignores empty changes and keeps at most the limit of undoable entries', () => {
    let history = createHistory();
    history = checkpoint(history, { redo: [], undo: [] });
    expect(history.past).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      history = checkpoint(history, { redo: [{ op: 'remove', path: `/nodes/x${i}` }], undo: [] }, 3);
    }
    expect(history.past).toHaveLength(4);
    expect(history.past[0].label).toBe('initial');
  });
});
