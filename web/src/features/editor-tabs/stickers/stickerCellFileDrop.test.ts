import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT, CONTENT_Y, makeEditor, withElements } from '../../../editor/test-support.ts';
import { setCellStickerPhoto, stickerCellAt } from './stickerCellFileDrop.ts';

const CELL = { x: 20, y: 20, width: 50, height: 70 };
const insideCell = { x: CELL.x + 25, y: CONTENT_Y + CELL.y + 35 };

function editorWithCell(options: { locked?: boolean } = {}) {
  const doc = withElements(blankDoc(), [{ id: 'cell', parent: CONTENT, type: 'StickerCell', ...CELL }]);
  return makeEditor(doc, options).editor;
}

describe('a photo file dropped on a sticker cell (SPEC §4 canvas drops)', () => {
  it('makes one new sticker with the photo in an empty cell', () => {
    const editor = editorWithCell();
    const target = stickerCellAt(editor, insideCell);
    expect(target).toEqual({ cellId: 'cell', stickerId: null });
    expect(setCellStickerPhoto(editor, target!, 'photo-1')).toBe(true);
    const stickers = Object.values(editor.doc.stickers);
    expect(stickers).toHaveLength(1);
    expect(stickers[0].image).toBe('photo-1');
    expect(editor.doc.nodes.cell.props.stickerId).toBe(stickers[0].id);
  });

  it("replaces the photo of the cell's sticker instead of making another sticker", () => {
    const editor = editorWithCell();
    setCellStickerPhoto(editor, stickerCellAt(editor, insideCell)!, 'photo-1');
    const target = stickerCellAt(editor, insideCell)!;
    expect(target.stickerId).not.toBeNull();
    setCellStickerPhoto(editor, target, 'photo-2');
    const stickers = Object.values(editor.doc.stickers);
    expect(stickers).toHaveLength(1);
    expect(stickers[0].image).toBe('photo-2');
  });

  it('is one undo step', () => {
    const editor = editorWithCell();
    setCellStickerPhoto(editor, stickerCellAt(editor, insideCell)!, 'photo-1');
    editor.undo();
    expect(Object.keys(editor.doc.stickers)).toHaveLength(0);
    expect(editor.doc.nodes.cell.props.stickerId).toBeUndefined();
  });

  it('finds no cell beside the cell or in a locked album', () => {
    expect(stickerCellAt(editorWithCell(), { x: 300, y: CONTENT_Y + 200 })).toBeNull();
    expect(stickerCellAt(editorWithCell({ locked: true }), insideCell)).toBeNull();
  });
});
