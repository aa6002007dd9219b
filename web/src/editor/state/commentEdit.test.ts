/**
 * SPEC §6: a Comment's text is edited by its author and admins, read-only for everyone else; editing runs through
 * the text edit mode (double-click, Enter), and leaving it saves the typed note as one change.
 */
import { describe, expect, it } from 'vitest';
import type { RichText } from '@stickerbook/model';
import { CONTENT, CONTENT_Y, blankDoc, makeEditor, withElements } from '../test-support.ts';
import { commentRichText } from '../ui/edit/CommentNote.tsx';

const AUTHOR = 'user-author';
const note = (text: string): RichText => commentRichText(text);

function albumWithComment() {
  return withElements(blankDoc(), [
    {
      id: 'c1',
      type: 'Comment',
      x: 20,
      y: 30,
      width: 8,
      height: 8,
      userId: AUTHOR,
      text: note('Check the photo'),
    },
  ]);
}

describe('comment notes', () => {
  it('lets the author edit the note by double-click and saves the typed text when editing ends', () => {
    const { editor } = makeEditor(albumWithComment(), { userId: AUTHOR });
    editor.doubleClickAt({ x: 24, y: CONTENT_Y + 34 }, 1);
    expect(editor.editMode.get()).toEqual({ kind: 'text', id: 'c1' });
    editor.modes.attachTextDraft(() => note('Photo replaced\nThanks'));
    editor.stopEditing();
    expect(editor.doc.nodes.c1.props.text).toEqual(note('Photo replaced\nThanks'));
    expect(editor.doc.nodes.c1.parentId).toBe(CONTENT);
  });

  it('opens the note for editing with Enter when the comment is selected', () => {
    const { editor } = makeEditor(albumWithComment(), { userId: AUTHOR });
    editor.select(['c1']);
    expect(editor.keyDown({ key: 'Enter' })).toBe(true);
    expect(editor.editMode.get()).toEqual({ kind: 'text', id: 'c1' });
  });

  it('lets an admin edit anyone’s note', () => {
    const { editor } = makeEditor(albumWithComment(), { userId: 'someone-else', isAdmin: true });
    expect(editor.canEditComment('c1')).toBe(true);
    expect(editor.startTextEdit('c1')).toBe(true);
  });

  it('keeps the note read-only for another collaborator: no edit mode by any way', () => {
    const { editor } = makeEditor(albumWithComment(), { userId: 'collaborator' });
    expect(editor.canEditComment('c1')).toBe(false);
    editor.doubleClickAt({ x: 24, y: CONTENT_Y + 34 }, 1);
    expect(editor.editMode.get().kind).toBe('none');
    editor.select(['c1']);
    // Enter is left to whatever has the focus when there is nothing to edit.
    expect(editor.keyDown({ key: 'Enter' })).toBe(false);
    expect(editor.startTextEdit('c1')).toBe(false);
    expect(editor.editMode.get().kind).toBe('none');
  });

  it('keeps the note read-only for its author once the album is locked', () => {
    const { editor } = makeEditor(albumWithComment(), { userId: AUTHOR, locked: true });
    expect(editor.canEditComment('c1')).toBe(false);
  });

  it('turns note lines into paragraphs and back', () => {
    expect(commentRichText('a\nb').blocks.map((block) => block.spans[0].text)).toEqual(['a', 'b']);
  });
});
