import { getNode } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { actionForKey } from './shortcuts.ts';
import { blankDoc, CONTENT, makeEditor, withElements, withGroup } from './test-support.ts';

const key = (k: string, mods: { ctrlKey?: boolean; shiftKey?: boolean; metaKey?: boolean } = {}) => ({
  key: k,
  ...mods,
});

describe('shortcut map', () => {
  it('maps the SPEC §9 combinations to their actions', () => {
    expect(actionForKey(key('Delete'))).toEqual({ type: 'delete' });
    expect(actionForKey(key('Backspace'))).toEqual({ type: 'delete' });
    expect(actionForKey(key('d', { ctrlKey: true }))).toEqual({ type: 'duplicate' });
    expect(actionForKey(key('g', { ctrlKey: true }))).toEqual({ type: 'group' });
    expect(actionForKey(key('G', { ctrlKey: true, shiftKey: true }))).toEqual({ type: 'ungroup' });
    expect(actionForKey(key('u', { ctrlKey: true }))).toEqual({ type: 'ungroup' });
    expect(actionForKey(key('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(actionForKey(key('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(actionForKey(key('a', { metaKey: true }))).toEqual({ type: 'selectAll' });
    expect(actionForKey(key('z'))).toBeUndefined();
  });

  it('nudges 1 mm, 10 mm with shift and 0.1 mm with ctrl', () => {
    expect(actionForKey(key('ArrowRight'))).toEqual({ type: 'nudge', dx: 1, dy: 0 });
    expect(actionForKey(key('ArrowUp', { shiftKey: true }))).toEqual({ type: 'nudge', dx: 0, dy: -10 });
    expect(actionForKey(key('ArrowLeft', { ctrlKey: true }))).toEqual({ type: 'nudge', dx: -0.1, dy: 0 });
  });
});

describe('shortcuts on the editor', () => {
  const twoShapes = () =>
    withElements(blankDoc(), [
      { id: 'a', x: 10, y: 10 },
      { id: 'b', x: 50, y: 10 },
    ]);

  it('deletes, duplicates with a +10 offset, undoes and redoes', () => {
    const { editor } = makeEditor(twoShapes());
    editor.select(['a']);
    expect(editor.keyDown(key('d', { ctrlKey: true }))).toBe(true);
    const copy = editor.selection.get()[0];
    expect(getNode(editor.doc, copy)!.props).toMatchObject({ x: 20, y: 20 });
    editor.keyDown(key('Delete'));
    expect(getNode(editor.doc, copy)).toBeUndefined();
    editor.keyDown(key('z', { ctrlKey: true }));
    expect(getNode(editor.doc, copy)).toBeDefined();
    editor.keyDown(key('z', { ctrlKey: true, shiftKey: true }));
    expect(getNode(editor.doc, copy)).toBeUndefined();
  });

  it('groups with Ctrl+G and ungroups with Ctrl+Shift+G or Ctrl+U', () => {
    const { editor } = makeEditor(twoShapes());
    editor.select(['a', 'b']);
    editor.keyDown(key('g', { ctrlKey: true }));
    const group = editor.selection.get()[0];
    expect(getNode(editor.doc, group)!.type).toBe('Group');
    editor.keyDown(key('G', { ctrlKey: true, shiftKey: true }));
    expect(getNode(editor.doc, group)).toBeUndefined();
    expect([...editor.selection.get()].sort()).toEqual(['a', 'b']);
    editor.keyDown(key('g', { ctrlKey: true }));
    editor.keyDown(key('u', { ctrlKey: true }));
    expect(getNode(editor.doc, 'a')!.parentId).toBe(CONTENT);
  });

  it('nudges the selection by the arrow amounts, one history entry each', () => {
    const { editor } = makeEditor(twoShapes());
    editor.select(['a']);
    editor.keyDown(key('ArrowRight'));
    editor.keyDown(key('ArrowDown', { shiftKey: true }));
    editor.keyDown(key('ArrowLeft', { ctrlKey: true }));
    expect(getNode(editor.doc, 'a')!.props).toMatchObject({ x: 10.9, y: 20 });
    expect(editor.history.get().past).toHaveLength(4);
  });

  it('selects all unlocked elements of the current spread, or of the isolated group', () => {
    let doc = withElements(twoShapes(), [
      { id: 'c', x: 90, y: 10 },
      { id: 'locked', x: 130, y: 10, locked: true },
    ]);
    doc = withGroup(doc, ['b', 'c'], 'g');
    const { editor } = makeEditor(doc);
    editor.select(['a']);
    editor.keyDown(key('a', { ctrlKey: true }));
    expect([...editor.selection.get()].sort()).toEqual(['a', 'g']);
    editor.selectionController.enterIsolation('g');
    editor.keyDown(key('a', { ctrlKey: true }));
    expect([...editor.selection.get()].sort()).toEqual(['b', 'c']);
  });

  it('clears the selection with Escape, then leaves isolation', () => {
    const doc = withGroup(twoShapes(), ['a', 'b'], 'g');
    const { editor } = makeEditor(doc);
    editor.selectionController.enterIsolation('g');
    editor.select(['a']);
    editor.keyDown(key('Escape'));
    expect(editor.selection.get()).toEqual([]);
    expect(editor.isolatedGroupId.get()).toBe('g');
    editor.keyDown(key('Escape'));
    expect(editor.isolatedGroupId.get()).toBeNull();
    expect(editor.selection.get()).toEqual(['g']);
  });
});
