import { childrenOf, getNode, spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import { makeLargeAlbum } from '@stickerbook/model/testing';
import { describe, expect, it } from 'vitest';
import { canvasBounds } from '../document/canvasGeometry.ts';
import {
  blankDoc,
  BACK,
  CONTENT,
  CONTENT_Y,
  drag,
  makeEditor,
  withElements,
  withGroup,
} from '../test-support.ts';

const props = (doc: AlbumDocument, id: string) => getNode(doc, id)!.props;

describe('moving with the select tool', () => {
  it('shows a transient delta while dragging and commits one history entry at the end; undo restores', () => {
    const doc = withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]);
    const { editor } = makeEditor(doc);
    const emitted: number[] = [];
    editor.onLocalPatches((event) => emitted.push(event.patches.length));
    editor.pointerDown({ screen: { x: 25, y: CONTENT_Y + 25 } });
    editor.pointerMove({ screen: { x: 40, y: CONTENT_Y + 25 } });
    editor.pointerMove({ screen: { x: 60.3, y: CONTENT_Y + 47.1 } });
    expect(editor.tool.state).toBe('dragging');
    expect(editor.dragDelta.get()!.dx).toBeCloseTo(35.3);
    expect(editor.dragDelta.get()!.dy).toBeCloseTo(22.1);
    expect(editor.doc).toBe(doc);
    editor.pointerUp({ screen: { x: 60.3, y: CONTENT_Y + 47.1 } });
    expect(editor.dragDelta.get()).toBeNull();
    expect(props(editor.doc, 'a').x).toBeCloseTo(55.3);
    expect(props(editor.doc, 'a').y).toBeCloseTo(42.1);
    expect(emitted).toHaveLength(1);
    expect(editor.history.get().past).toHaveLength(2);
    editor.undo();
    expect(editor.doc.nodes).toEqual(doc.nodes);
  });

  it('locks the axis of the larger movement with shift', () => {
    const { editor } = makeEditor(withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]));
    drag(editor, [25, CONTENT_Y + 25], [63.3, CONTENT_Y + 29.1], { shiftKey: true });
    expect(props(editor.doc, 'a')).toMatchObject({ x: 58.3, y: 20 });
  });

  it('snaps to a sibling edge and exposes the guide, and ctrl disables snapping', () => {
    const doc = withElements(blankDoc(), [
      { id: 'a', x: 20, y: 20 },
      { id: 'b', x: 100, y: 150 },
    ]);
    const { editor } = makeEditor(doc);
    editor.pointerDown({ screen: { x: 25, y: CONTENT_Y + 25 } });
    // Moving by 77.7 puts a's left edge at 97.7: within 5 mm of b's left edge (100).
    editor.pointerMove({ screen: { x: 102.7, y: CONTENT_Y + 60.3 } });
    expect(editor.dragDelta.get()!.dx).toBeCloseTo(80);
    expect(editor.guides.get().some((guide) => guide.axis === 'x' && guide.position === 100)).toBe(true);
    editor.pointerMove({ screen: { x: 102.7, y: CONTENT_Y + 60.3 }, ctrlKey: true });
    expect(editor.dragDelta.get()!.dx).toBeCloseTo(77.7);
    expect(editor.guides.get()).toEqual([]);
    editor.pointerUp({ screen: { x: 102.7, y: CONTENT_Y + 60.3 }, ctrlKey: true });
    expect(props(editor.doc, 'a').x).toBeCloseTo(97.7);
  });

  it('snaps to the 5 mm grid when the grid is on and the zoom is at least 1', () => {
    const { editor } = makeEditor(withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]));
    editor.setViewSetting('grid', true);
    editor.cameraController.setCamera({ x: 0, y: 0, zoom: 10 });
    drag(editor, [25, CONTENT_Y + 25], [38.2, CONTENT_Y + 41.9]);
    expect(props(editor.doc, 'a')).toMatchObject({ x: 35, y: 35 });
  });

  it('re-parents dropped elements to the spread under the pointer, keeping their canvas position', () => {
    const { editor } = makeEditor(withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]));
    const dy = 357; // one spread and one gap down: onto the back cover
    drag(editor, [25, CONTENT_Y + 25], [25, CONTENT_Y + 25 + dy], { ctrlKey: true });
    const node = getNode(editor.doc, 'a')!;
    expect(node.parentId).toBe(BACK);
    expect(node.props).toMatchObject({ x: 20, y: 20 });
    expect(editor.selection.get()).toEqual(['a']);
    editor.undo();
    expect(getNode(editor.doc, 'a')!.parentId).toBe(CONTENT);
  });

  it('deletes elements dropped fully outside every spread, in the same history entry', () => {
    const { editor } = makeEditor(withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]));
    drag(editor, [25, CONTENT_Y + 25], [600, CONTENT_Y + 25], { ctrlKey: true });
    expect(getNode(editor.doc, 'a')).toBeUndefined();
    expect(editor.selection.get()).toEqual([]);
    expect(editor.history.get().past).toHaveLength(2);
    editor.undo();
    expect(props(editor.doc, 'a')).toMatchObject({ x: 20, y: 20 });
  });

  it('does not start a drag within the drag sensitivity (a click; SPEC §9, tools/dragSensitivity.test.ts)', () => {
    const { editor } = makeEditor(withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]));
    drag(editor, [25, CONTENT_Y + 25], [25.2, CONTENT_Y + 25.2]);
    expect(props(editor.doc, 'a')).toMatchObject({ x: 20, y: 20 });
    expect(editor.selection.get()).toEqual(['a']);
  });

  it('moves a child inside an isolated group without leaving the group', () => {
    let doc = withElements(blankDoc(), [
      { id: 'a', x: 10, y: 10 },
      { id: 'b', x: 50, y: 10 },
    ]);
    doc = withGroup(doc, ['a', 'b'], 'g');
    const { editor } = makeEditor(doc);
    editor.doubleClick({ screen: { x: 55, y: CONTENT_Y + 15 } });
    expect(editor.isolatedGroupId.get()).toBe('g');
    expect(editor.selection.get()).toEqual(['b']);
    drag(editor, [55, CONTENT_Y + 15], [55, CONTENT_Y + 45], { ctrlKey: true });
    expect(getNode(editor.doc, 'b')!.parentId).toBe('g');
    expect(canvasBounds(editor.doc, 'b').y).toBeCloseTo(CONTENT_Y + 40);
  });
});

describe('moving 50 elements in the 1,000-element benchmark album', () => {
  it('does not touch the document during 120 pointer moves and commits once at the end', () => {
    const doc = makeLargeAlbum();
    const { editor } = makeEditor(doc, { invariantCheck: 'off' });
    const spreads = spreadsInOrder(doc).slice(1, 5);
    const ids = spreads.flatMap((spread) => childrenOf(doc, spread.id).map((node) => node.id)).slice(0, 50);
    expect(ids).toHaveLength(50);
    editor.select(ids);
    const grab = ids.find((id) => {
      const b = canvasBounds(doc, id);
      return editor.hitTest({ x: b.x + b.width / 2, y: b.y + b.height / 2 }) === id;
    })!;
    const bounds = canvasBounds(doc, grab);
    const start = { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
    const emitted: unknown[] = [];
    editor.onLocalPatches((event) => emitted.push(event));
    const version = editor.version.get();

    editor.pointerDown({ screen: editor.pageToScreen(start) });
    for (let i = 1; i <= 120; i++) {
      editor.pointerMove({ screen: editor.pageToScreen({ x: start.x + i * 0.25, y: start.y + i * 0.1 }) });
    }
    expect(editor.doc).toBe(doc);
    expect(editor.version.get()).toBe(version);
    expect(emitted).toHaveLength(0);
    expect(editor.dragDelta.get()!.ids.size).toBe(50);

    editor.pointerUp({ screen: editor.pageToScreen({ x: start.x + 30, y: start.y + 12 }) });
    expect(emitted).toHaveLength(1);
    expect(editor.history.get().past).toHaveLength(2);

    // Undo and redo round-trip exactly; their speed is a benchmark figure (bench/src/editor.ts).
    for (let round = 0; round < 10; round++) {
      editor.undo();
      expect(editor.doc.nodes).toEqual(doc.nodes);
      if (round < 9) editor.redo();
    }
    editor.dispose();
  });
});
