import { CLIPBOARD_FORMAT, getNode, propPath, updateElement } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { runAction } from './actions.ts';
import { blankDoc, CONTENT, CONTENT_Y, makeEditor, withElements } from './test-support.ts';

const shapes = () =>
  withElements(blankDoc(), [
    { id: 'a', x: 10, y: 10 },
    { id: 'auto', type: 'Text', x: 50, y: 10, symbol: 'album' },
  ]);

describe('document changes', () => {
  it('records local changes in history and emits them once; remote patches skip history', () => {
    const { editor } = makeEditor(shapes());
    const events: string[] = [];
    editor.onLocalPatches((event) => events.push(event.label ?? ''));
    editor.change('fill', (doc) => updateElement(doc, 'a', { fill: '#ff0000' }));
    editor.dispatch([{ op: 'replace', path: propPath('a', 'x'), value: 99 }], { origin: 'remote' });
    expect(getNode(editor.doc, 'a')!.props).toMatchObject({ fill: '#ff0000', x: 99 });
    expect(events).toEqual(['fill']);
    expect(editor.history.get().past).toHaveLength(2);
    editor.undo();
    expect(events).toEqual(['fill', 'undo']);
    expect(getNode(editor.doc, 'a')!.props.fill).toBeUndefined();
    expect(getNode(editor.doc, 'a')!.props.x).toBe(99);
  });

  it('reports model errors by code instead of throwing', () => {
    const { editor } = makeEditor(shapes());
    const codes: string[] = [];
    editor.errors.on((error) => codes.push(error.code));
    expect(editor.change('x', (doc) => updateElement(doc, 'auto', { text: { blocks: [] } }))).toBe(false);
    expect(codes).toEqual(['AUTOMATIC_TEXT_READ_ONLY']);
  });
});

describe('locked album', () => {
  it('refuses every mutating intent for non-admins, but still selects and moves the camera', async () => {
    const doc = shapes();
    const { editor } = makeEditor(doc, { locked: true });
    const codes: string[] = [];
    editor.errors.on((error) => codes.push(error.code));
    editor.select(['a']);
    expect(editor.selection.get()).toEqual(['a']);
    expect(editor.keyDown({ key: 'Delete' })).toBe(true);
    editor.keyDown({ key: 'ArrowRight' });
    expect(editor.change('x', (d) => updateElement(d, 'a', { x: 1 }))).toBe(false);
    expect(
      editor.dispatch([{ op: 'replace', path: propPath('a', 'x'), value: 5 }], { origin: 'local' }),
    ).toBe(false);
    expect(editor.setTool('Rectangle')).toBe(false);
    expect(await runAction(editor, { type: 'paste' })).toBe(false);
    editor.pointerDown({ screen: { x: 15, y: CONTENT_Y + 15 } });
    editor.pointerMove({ screen: { x: 60, y: CONTENT_Y + 60 } });
    editor.pointerUp({ screen: { x: 60, y: CONTENT_Y + 60 } });
    expect(editor.doc).toBe(doc);
    expect(codes.every((code) => code === 'ALBUM_LOCKED')).toBe(true);
    editor.panBy(10, 0);
    expect(editor.camera.get().x).toBe(10);
  });

  it('lets admins edit a locked album', () => {
    const { editor } = makeEditor(shapes(), { locked: true, isAdmin: true });
    expect(editor.change('x', (d) => updateElement(d, 'a', { x: 1 }))).toBe(true);
  });
});

describe('clipboard', () => {
  it('copies to the system clipboard in the model format and pastes back with a +10 offset', async () => {
    const { editor, clipboard } = makeEditor(shapes());
    editor.select(['a']);
    await runAction(editor, { type: 'copy' });
    expect(JSON.parse(clipboard.text).format).toBe(CLIPBOARD_FORMAT);
    await runAction(editor, { type: 'paste' });
    const pasted = editor.selection.get()[0];
    expect(pasted).not.toBe('a');
    expect(getNode(editor.doc, pasted)!.props).toMatchObject({ x: 20, y: 20 });
  });

  it('pastes into another album (another editor) at the same place', async () => {
    const source = makeEditor(shapes());
    source.editor.select(['a']);
    await runAction(source.editor, { type: 'copy' });
    const { editor, clipboard } = makeEditor(blankDoc());
    clipboard.text = source.clipboard.text;
    editor.select([]);
    editor.cameraController.setCamera({ x: 0, y: CONTENT_Y, zoom: 2 });
    await runAction(editor, { type: 'paste' });
    const pasted = editor.selection.get()[0];
    expect(getNode(editor.doc, pasted)).toMatchObject({ parentId: CONTENT, props: { x: 10, y: 10 } });
  });

  it('ignores a clipboard in the wrong format', async () => {
    const doc = shapes();
    const { editor, clipboard } = makeEditor(doc);
    clipboard.text = JSON.stringify({ format: 'someone-else/v1', elements: [] });
    expect(await runAction(editor, { type: 'paste' })).toBe(false);
    clipboard.text = 'plain text from a mail';
    expect(await runAction(editor, { type: 'paste' })).toBe(false);
    expect(editor.doc).toBe(doc);
  });

  it('reports invalid content in our format (SPEC §8) without pasting, and stays quiet about foreign text', async () => {
    const doc = shapes();
    const { editor, clipboard } = makeEditor(doc);
    const errors: Array<{ code: string; message?: string }> = [];
    editor.errors.on((error) => errors.push(error));
    clipboard.text = 'plain text from a mail';
    expect(await runAction(editor, { type: 'paste' })).toBe(false);
    expect(errors).toEqual([]);
    clipboard.text = JSON.stringify({
      format: CLIPBOARD_FORMAT,
      elements: [{ type: 'Rectangle', props: { x: 'Anna', y: 0, width: 10, height: 10 } }],
    });
    expect(await runAction(editor, { type: 'paste' })).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('INVALID_CLIPBOARD');
    // The reason, for the log; never the content, which may hold people's names.
    expect(errors[0]!.message).toMatch(/ at /);
    expect(errors[0]!.message).not.toContain('Anna');
    expect(editor.doc).toBe(doc);
  });

  it('cuts: copies and deletes in one history entry', async () => {
    const { editor, clipboard } = makeEditor(shapes());
    editor.select(['a']);
    await runAction(editor, { type: 'cut' });
    expect(getNode(editor.doc, 'a')).toBeUndefined();
    expect(clipboard.text).toContain(CLIPBOARD_FORMAT);
  });
});

describe('tools', () => {
  it('creates each element type with its default size centred on the click, then returns to select', () => {
    const expected = {
      Text: [100, 20],
      Circle: [100, 100],
      Rectangle: [100, 100],
      Line: [100, 1],
      StickerCell: [50, 70],
    } as const;
    for (const [type, [width, height]] of Object.entries(expected)) {
      const { editor } = makeEditor(blankDoc());
      editor.setTool(type as keyof typeof expected);
      editor.pointerDown({ screen: { x: 200, y: CONTENT_Y + 150 } });
      editor.pointerUp({ screen: { x: 200, y: CONTENT_Y + 150 } });
      const id = editor.selection.get()[0];
      expect(getNode(editor.doc, id)).toMatchObject({
        type,
        parentId: CONTENT,
        props: { x: 200 - width / 2, y: 150 - height / 2, width, height },
      });
      expect(editor.toolId.get()).toBe('select');
    }
  });

  it('gives a new text an 11 pt, 150 %, black paragraph and enters text edit mode', () => {
    const { editor } = makeEditor(blankDoc(), { defaultText: 'Text' });
    editor.setTool('Text');
    editor.pointerDown({ screen: { x: 200, y: CONTENT_Y + 150 } });
    editor.pointerUp({ screen: { x: 200, y: CONTENT_Y + 150 } });
    const id = editor.selection.get()[0];
    expect(getNode(editor.doc, id)!.props.text).toEqual({
      blocks: [{ lineHeight: 150, spans: [{ text: 'Text', styles: ['SIZE-11', 'COLOR-#000000'] }] }],
    });
    expect(editor.editMode.get()).toEqual({ kind: 'text', id });
  });

  it('offers the comment tool to admins only', () => {
    expect(makeEditor(blankDoc()).editor.setTool('Comment')).toBe(false);
    expect(makeEditor(blankDoc(), { isAdmin: true }).editor.setTool('Comment')).toBe(true);
  });

  it('selects on click, toggles with shift and clears on empty canvas', () => {
    const { editor } = makeEditor(
      withElements(blankDoc(), [
        { id: 'a', x: 10, y: 10 },
        { id: 'b', x: 50, y: 10 },
      ]),
    );
    const click = (x: number, y: number, shiftKey = false) => {
      editor.pointerDown({ screen: { x, y: CONTENT_Y + y }, shiftKey });
      editor.pointerUp({ screen: { x, y: CONTENT_Y + y }, shiftKey });
    };
    click(15, 15);
    expect(editor.selection.get()).toEqual(['a']);
    click(55, 15, true);
    expect(editor.selection.get()).toEqual(['a', 'b']);
    click(15, 15, true);
    expect(editor.selection.get()).toEqual(['b']);
    click(300, 200);
    expect(editor.selection.get()).toEqual([]);
  });
});

describe('edit modes', () => {
  it('blocks undo while a text is edited, and refuses automatic texts', () => {
    const doc = withElements(shapes(), [{ id: 't', type: 'Text', x: 10, y: 100 }]);
    const { editor } = makeEditor(doc);
    editor.change('x', (d) => updateElement(d, 'a', { x: 1 }));
    expect(editor.startTextEdit('auto')).toBe(false);
    expect(editor.startTextEdit('t')).toBe(true);
    expect(editor.canUndo()).toBe(false);
    expect(editor.undo()).toBe(false);
    // Keys belong to the text editor; Escape leaves text edit mode.
    expect(editor.keyDown({ key: 'Delete' })).toBe(false);
    editor.keyDown({ key: 'Escape' });
    expect(editor.editMode.get().kind).toBe('none');
    expect(editor.undo()).toBe(true);
  });

  it('keeps the typed text when text edit is left by Escape from outside the text editor', () => {
    const doc = withElements(shapes(), [{ id: 't', type: 'Text', x: 10, y: 100 }]);
    const { editor } = makeEditor(doc);
    expect(editor.startTextEdit('t')).toBe(true);
    const typed = { blocks: [{ spans: [{ text: 'Typed', styles: ['SIZE-20'] }] }] };
    editor.modes.attachTextDraft(() => typed);
    expect(editor.modes.draftText()).toEqual(typed);
    // The shortcut's Escape (focus on the toolbar or the page), not the text editor's own.
    editor.keyDown({ key: 'Escape' });
    expect(editor.editMode.get().kind).toBe('none');
    expect(getNode(editor.doc, 't')!.props.text).toEqual(typed);
  });

  it('previews an image crop and commits it as one change when leaving image edit mode', () => {
    const doc = withElements(blankDoc(), [{ id: 'img', type: 'Image', x: 10, y: 10, width: 40, height: 30 }]);
    const { editor } = makeEditor(doc);
    editor.doubleClick({ screen: { x: 20, y: CONTENT_Y + 20 } });
    expect(editor.editMode.get()).toMatchObject({ kind: 'image', id: 'img' });
    editor.modes.previewCrop({ cx: 0.4, cscale: 1.5 });
    editor.modes.previewCrop({ crotation: 10 });
    expect(editor.doc).toBe(doc);
    editor.stopEditing();
    expect(getNode(editor.doc, 'img')!.props).toMatchObject({ cx: 0.4, cscale: 1.5, crotation: 10 });
    expect(editor.history.get().past).toHaveLength(2);
  });

  it('asks the app to open the sticker form on double-clicking a sticker cell', () => {
    const doc = withElements(blankDoc(), [
      { id: 'cell', type: 'StickerCell', x: 10, y: 10, width: 50, height: 70 },
    ]);
    const { editor } = makeEditor(doc);
    const requests: unknown[] = [];
    editor.requests.on((request) => requests.push(request));
    editor.doubleClick({ screen: { x: 20, y: CONTENT_Y + 20 } });
    expect(requests).toEqual([{ type: 'openSticker', cellId: 'cell' }]);
  });
});
