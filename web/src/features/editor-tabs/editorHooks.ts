/**
 * How the album-structure panels talk to the editor engine: read the committed document (re-rendering on each
 * document version, not on camera moves or gesture previews) and run model operations as one history entry each,
 * with a forbidden action shown as a translated message instead of a crash.
 */
import { isModelError, type AlbumDocument, type Change, type Patch } from '@stickerbook/model';
import i18n from 'i18next';
import type { Editor } from '../../editor/Editor.ts';
import { useAtomValue } from '../../editor/react.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { useDerivedAfterPaint } from '../../editor/ui/useEditorValue.ts';
import { notify } from '../../ui/notify.ts';
import { errorText } from '../../i18n/errorText.ts';

export function useEditorDoc(): AlbumDocument {
  const editor = useEditor();
  return useDerivedAfterPaint([editor.version], () => editor.doc);
}

export function useCanEdit(): boolean {
  const editor = useEditor();
  const access = useAtomValue(editor.access);
  return !access.locked || access.isAdmin;
}

/** Translated text for a model rule code (SECTION_STATIC, STICKER_NAME_REQUIRED, ...). */
export function modelErrorText(code: string): string {
  return errorText(code, { screen: 'structure', language: i18n });
}

/**
 * Runs a model operation and commits it as one history entry. A ModelError (a rule said no) becomes a warning
 * toast with its translated reason and changes nothing; returns the committed change, or null.
 */
export function runChange(
  editor: Editor,
  label: string,
  build: (doc: AlbumDocument) => Change,
  options: { select?: boolean } = {},
): Change | null {
  if (!editor.refuseIfReadOnly()) return null;
  let change: Change;
  try {
    change = build(editor.doc);
  } catch (error) {
    if (!isModelError(error)) throw error;
    notify.warning(modelErrorText(error.code));
    return null;
  }
  if (change.patches.length === 0) return change;
  const patches: Patch[] = change.patches;
  return editor.change(label, () => ({ patches, selection: change.selection }), options) ? change : null;
}
