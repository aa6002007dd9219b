/**
 * Text edit mode (SPEC §4): a contenteditable laid exactly over the text element (same 10 px/mm layout as the
 * renderer, same transform), filled from the model's rich text and read back into it. The element's own
 * drawing is hidden meanwhile. Saving happens once, when editing ends (the engine reads the typed text then):
 * Escape, a click outside, or the focus leaving for anything but the element toolbar. A toolbar change while
 * editing applies to the typed text and shows the result here (`textEditBridge.show`). Ctrl+B and the toolbar's bold and colour act on the selected
 * characters (execCommand), or on the whole text when nothing is selected.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { getNode, type ElementProps, type RichText } from '@stickerbook/model';
import { resolvePaint } from '../../../render/paint.ts';
import { elementFrameSelector } from '../../../render/ElementFrame.tsx';
import { canvasMatrix } from '../../document/canvasGeometry.ts';
import { useAtomValue } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { cssMatrixOnScreen } from '../geometry.ts';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';
import { EDIT_PX_PER_MM, fillEditable, readEditable } from './richTextDom.ts';
import { textEditBridge } from './textEditBridge.ts';

export const ELEMENT_TOOLBAR_ATTRIBUTE = 'data-element-toolbar';

export function TextEditOverlay() {
  const editor = useEditor();
  const mode = useAtomValue(editor.editMode);
  // A comment's note is edited in its own card (CommentNote.tsx).
  if (mode.kind !== 'text' || getNode(editor.doc, mode.id)?.type === 'Comment') return null;
  return <TextEditor key={mode.id} id={mode.id} />;
}

function TextEditor({ id }: { id: string }) {
  const editor = useEditor();
  const ref = useRef<HTMLDivElement>(null);
  const camera = useAtomValue(editor.camera);
  const doc = useAtomValue(editor.displayDoc);
  const node = getNode(doc, id);
  const props = (node?.props ?? {}) as ElementProps;
  const original = useRef<RichText>(props.text ?? { blocks: [] });

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    fillEditable(root, original.current, editor.doc.settings.fonts);
    root.focus();
    // Caret at the end, selecting everything for a brand-new text so typing replaces the placeholder.
    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(root);
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.execCommand('styleWithCSS', false, 'true');

    const drawn = document.querySelector<SVGGElement>(`[data-editor-spread] ${elementFrameSelector(id)}`);
    drawn?.style.setProperty('visibility', 'hidden');
    // Leaving text edit by any way saves what is typed (EditModes.stop reads it through this).
    const detach = editor.modes.attachTextDraft(() => readEditable(root, original.current));
    const show = (text: RichText) => {
      original.current = text;
      fillEditable(root, text, editor.doc.settings.fonts);
    };
    textEditBridge.editable = root;
    textEditBridge.show = show;
    return () => {
      detach();
      drawn?.style.removeProperty('visibility');
      if (textEditBridge.show === show) {
        textEditBridge.show = null;
        textEditBridge.editable = null;
      }
    };
  }, [editor, id]);

  useEffect(() => {
    // Colours and bold from the toolbar keep the last selection inside the editor.
    const remember = () => {
      const root = ref.current;
      const selection = window.getSelection();
      if (!root || !selection || selection.rangeCount === 0) return;
      const range = selection.getRangeAt(0);
      if (root.contains(range.commonAncestorContainer)) savedRange = range.cloneRange();
    };
    document.addEventListener('selectionchange', remember);
    return () => document.removeEventListener('selectionchange', remember);
  }, []);

  if (!node) return null;
  const fill = resolvePaint(props.fill, editor.doc.settings.colors);
  const color = fill.kind === 'solid' ? fill.color : fill.kind === 'linear' ? fill.colors[0] : '#000000';
  const finish = () => editor.stopEditing();
  return (
    <div
      {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
      ref={ref}
      contentEditable
      suppressContentEditableWarning
      spellCheck
      data-testid="text-editor"
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          finish();
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Element | null;
        if (next?.closest(`[${ELEMENT_TOOLBAR_ATTRIBUTE}]`)) return;
        finish();
      }}
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: props.width * EDIT_PX_PER_MM,
        height: props.height * EDIT_PX_PER_MM,
        minHeight: props.height * EDIT_PX_PER_MM,
        transformOrigin: '0 0',
        transform: `${cssMatrixOnScreen(camera, canvasMatrix(doc, id))} scale(${1 / EDIT_PX_PER_MM})`,
        color,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'break-word',
        outline: `${(2 * EDIT_PX_PER_MM) / Math.max(camera.zoom, 0.1)}px solid rgba(34,139,230,0.6)`,
        cursor: 'text',
        userSelect: 'text',
        caretColor: '#228be6',
      }}
    />
  );
}

let savedRange: Range | null = null;

/**
 * Runs a formatting command on the text being edited: on the last selection inside it, or on all of it when
 * nothing was selected. Returns false when no text is being edited.
 */
export function formatEditedText(command: 'bold' | 'italic' | 'foreColor', value?: string): boolean {
  const root = textEditBridge.editable;
  if (!root) return false;
  root.focus();
  const selection = window.getSelection();
  selection?.removeAllRanges();
  const range = document.createRange();
  if (savedRange && !savedRange.collapsed && root.contains(savedRange.commonAncestorContainer)) {
    selection?.addRange(savedRange);
  } else {
    range.selectNodeContents(root);
    selection?.addRange(range);
  }
  document.execCommand('styleWithCSS', false, 'true');
  document.execCommand(command, false, value);
  return true;
}
