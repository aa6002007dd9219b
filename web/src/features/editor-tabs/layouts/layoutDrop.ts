/**
 * Dragging a layout from the layouts tab onto a spread (SPEC §4: a layout replaces the spread's content, with a
 * confirmation that warns of the loss when the spread has elements). The canvas calls `handleLayoutDrop`.
 */
import { applyLayout, spreadHasContent, type Layout, type Point } from '@stickerbook/model';
import i18n from 'i18next';
import type { Editor } from '../../../editor/Editor.ts';
import { spreadIdAtPoint } from '../../../editor/camera/layout.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { runChange } from '../editorHooks.ts';
import { track } from '../../../analytics/index.ts';

const LAYOUT_DRAG_MIME = 'application/x-stickerbook-layout';

/** The layout being dragged: drag data can only carry strings, and a layout is too big to serialise per drag. */
let dragged: Layout | null = null;

export function startLayoutDrag(dataTransfer: DataTransfer, layout: Layout): void {
  dragged = layout;
  dataTransfer.setData(LAYOUT_DRAG_MIME, layout.id);
  dataTransfer.effectAllowed = 'copy';
}

export function isLayoutDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(LAYOUT_DRAG_MIME);
}

/** Asks before replacing content (SPEC §5 "layout drop on content warns of loss"); true when it may go ahead. */
async function confirmReplaceContent(editor: Editor, spreadId: string): Promise<boolean> {
  if (!spreadHasContent(editor.doc, spreadId)) return true;
  return confirm({
    title: i18n.t('structure.layouts.replaceTitle'),
    message: i18n.t('structure.layouts.replaceMessage'),
    confirmLabel: i18n.t('structure.layouts.replace'),
    danger: true,
  });
}

export async function applyLayoutToSpread(
  editor: Editor,
  spreadId: string,
  layout: Layout,
  ask = true,
): Promise<boolean> {
  if (ask && !(await confirmReplaceContent(editor, spreadId))) return false;
  const applied = runChange(editor, 'apply layout', (doc) => applyLayout(doc, spreadId, layout)) !== null;
  if (applied) track('Spread Updated', { change: 'layout', layout: layout.id });
  return applied;
}

/** Drops the dragged layout on the spread under a canvas point (mm). Resolves false when nothing changed. */
export async function handleLayoutDrop(
  editor: Editor,
  dataTransfer: DataTransfer,
  pagePoint: Point,
): Promise<boolean> {
  const layoutId = dataTransfer.getData(LAYOUT_DRAG_MIME);
  const layout = dragged;
  if (!layoutId || !layout || layout.id !== layoutId) return false;
  const spreadId = spreadIdAtPoint(editor.doc, pagePoint);
  if (!spreadId) return false;
  return applyLayoutToSpread(editor, spreadId, layout);
}
