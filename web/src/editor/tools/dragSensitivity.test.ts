import { DRAG_SENSITIVITY } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT_Y, makeEditor, withElements } from '../test-support.ts';
import { dragThresholdMm } from './SelectTool.ts';

/** An editor at zoom 1 (one screen px per mm) with a rectangle at 20, 20 on the content spread. */
function editorWithBox() {
  const { editor } = makeEditor(withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]));
  expect(editor.camera.get().zoom).toBe(1);
  return editor;
}

const onBox = { x: 25, y: CONTENT_Y + 25 };
const moved = (dx: number, pointerType = 'mouse') => ({
  screen: { x: onBox.x + dx, y: onBox.y },
  pointerType,
});

describe('drag sensitivity (SPEC §9: 0.2 on phones, 0.33 on desktop)', () => {
  it('is 0.33 mm with a mouse or pen and 0.2 mm with a finger', () => {
    expect(dragThresholdMm({ touch: false })).toBe(DRAG_SENSITIVITY.desktop);
    expect(dragThresholdMm({ touch: true })).toBe(0.2);
    expect(DRAG_SENSITIVITY.desktop).toBe(0.33);
  });

  it('starts moving an element with a mouse only beyond 0.33 mm', () => {
    const editor = editorWithBox();
    editor.pointerDown({ screen: onBox, pointerType: 'mouse' });
    editor.pointerMove(moved(0.3));
    expect(editor.tool.state).toBe('pointing');
    editor.pointerMove(moved(0.34));
    expect(editor.tool.state).toBe('dragging');
  });

  it('starts moving an element with a finger beyond 0.2 mm, where a mouse would still be a click', () => {
    const editor = editorWithBox();
    editor.pointerDown({ screen: onBox, pointerType: 'touch' });
    editor.pointerMove(moved(0.15, 'touch'));
    expect(editor.tool.state).toBe('pointing');
    editor.pointerMove(moved(0.25, 'touch'));
    expect(editor.tool.state).toBe('dragging');
  });

  it('keeps the lasso at 5 px on empty canvas', () => {
    const editor = editorWithBox();
    const empty = { x: 300, y: CONTENT_Y + 200 };
    editor.pointerDown({ screen: empty });
    editor.pointerMove({ screen: { x: empty.x + 4, y: empty.y } });
    expect(editor.tool.state).toBe('pointing');
    editor.pointerMove({ screen: { x: empty.x + 6, y: empty.y } });
    expect(editor.tool.state).toBe('lassoing');
  });
});
