/**
 * The editor's selection-level actions: what shortcuts, menus and toolbars run. Each is one model operation
 * (or one combined patch list) and so one history entry. Locked elements are left out of every action.
 */
import {
  copyElements,
  deleteElements,
  duplicateElements,
  groupElements,
  pasteElements,
  readClipboard,
  spreadOf,
  ungroupElements,
} from '@stickerbook/model';
import type { Editor } from './Editor.ts';
import { translatePatches } from './drag/movePatches.ts';
import type { EditorAction } from './shortcuts.ts';

/** What the last copy put on the clipboard, so pasting it back onto its own spread offsets the copy by 10. */
const lastCopy = new WeakMap<Editor, { text: string; spreadId: string | undefined }>();

export function runAction(editor: Editor, action: EditorAction): boolean | Promise<boolean> {
  const ids = editor.transformableSelection();
  const selection = editor.selectionController;
  switch (action.type) {
    case 'delete':
      return ids.length > 0 && editor.change('delete', (doc) => deleteElements(doc, ids), { select: true });
    case 'duplicate':
      return (
        ids.length > 0 && editor.change('duplicate', (doc) => duplicateElements(doc, ids), { select: true })
      );
    case 'group':
      return ids.length > 1 && editor.change('group', (doc) => groupElements(doc, ids), { select: true });
    case 'ungroup':
      return ids.length > 0 && editor.change('ungroup', (doc) => ungroupElements(doc, ids), { select: true });
    case 'undo':
      return editor.undo();
    case 'redo':
      return editor.redo();
    case 'selectAll':
      selection.selectAll();
      return true;
    case 'editText': {
      const selected = editor.selection.get();
      return selected.length === 1 && editor.startTextEdit(selected[0]);
    }
    case 'escape':
      if (editor.editMode.get().kind !== 'none') {
        editor.stopEditing();
        return true;
      }
      return editor.cancelGesture() || selection.escape();
    case 'nudge':
      return (
        ids.length > 0 &&
        editor.change('nudge', (doc) => translatePatches(doc, ids, { x: action.dx, y: action.dy }))
      );
    case 'copy':
      return copy(editor, ids);
    case 'cut':
      return cut(editor, ids);
    case 'paste':
      return paste(editor);
  }
}

async function copy(editor: Editor, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const text = JSON.stringify(copyElements(editor.doc, ids));
  lastCopy.set(editor, { text, spreadId: spreadOf(editor.doc, ids[0])?.id });
  await editor.clipboard.writeText(text);
  return true;
}

async function cut(editor: Editor, ids: string[]): Promise<boolean> {
  if (ids.length === 0 || !editor.refuseIfReadOnly()) return false;
  await copy(editor, ids);
  // Pasting a cut back onto the same spread puts it where it was: no offset.
  lastCopy.delete(editor);
  return editor.change('cut', (doc) => deleteElements(doc, ids), { select: true });
}

/**
 * Pastes the system clipboard onto the current spread; foreign or malformed text changes nothing. Content in our
 * format that fails validation is an error (SPEC §8 "invalid clipboard logged"): `INVALID_CLIPBOARD` on
 * `editor.errors`, which the UI reports to the server's log and shows as the generic error.
 */
async function paste(editor: Editor): Promise<boolean> {
  if (!editor.refuseIfReadOnly()) return false;
  const text = await editor.clipboard.readText();
  const target = editor.selectionController.currentSpreadId();
  if (!target) return false;
  const { issue } = readClipboard(text);
  if (issue) {
    editor.errors.emit({ code: 'INVALID_CLIPBOARD', message: issue });
    return false;
  }
  const last = lastCopy.get(editor);
  const offset = last && last.text === text && last.spreadId === target ? 10 : 0;
  return editor.change('paste', (doc) => pasteElements(doc, text, target, { offset }), { select: true });
}
