/**
 * The editor's main area: canvas, tool menu, floating element toolbar, history, layers, bottom-right bar,
 * hints and notices. Mobile (< 768 px) gets the reduced UI of SPEC §2: no move handles, no view controls,
 * no comments, and an alert to continue on a laptop.
 */
import { useEffect, type ReactNode } from 'react';
import type { ImageSizeFor, ImageUrlFor } from '../../render/index.ts';
import { BottomBar } from './BottomBar.tsx';
import { EditorCanvas } from './canvas/EditorCanvas.tsx';
import { useEditor } from './EditorContext.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { Hints } from './Hints.tsx';
import { LayersPanel } from './LayersPanel.tsx';
import { LockedNotice, MobileAlert, useEditorErrorToasts } from './Notices.tsx';
import { ElementToolbar, type ImageTools } from './toolbar/ElementToolbar.tsx';
import { ToolMenu } from './ToolMenu.tsx';
import { useAtomValue } from '../react.ts';

interface Props {
  albumId: string;
  albumTitle: string;
  mobile: boolean;
  imageUrlFor?: ImageUrlFor;
  imageSizeFor?: ImageSizeFor;
  /** Drawn over the canvas, below the in-place editors (e.g. the low-resolution badges). */
  canvasOverlay?: ReactNode;
  /** Extra tools in the toolbar of a selected image (the AI edit). */
  imageTools?: ImageTools;
}

export function EditorWorkspace({
  albumId,
  albumTitle,
  mobile,
  imageUrlFor,
  imageSizeFor,
  canvasOverlay,
  imageTools,
}: Props) {
  const editor = useEditor();
  const access = useAtomValue(editor.access);
  useEditorErrorToasts();
  useEffect(() => {
    // A debugging and browser-test handle (as tldraw's window.editor): the user's own document, nothing more.
    (window as unknown as { stickerbookEditor?: unknown }).stickerbookEditor = editor;
  }, [editor]);
  const readOnly = access.locked && !access.isAdmin;
  return (
    <div
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}
      data-testid="editor-workspace"
    >
      <EditorCanvas
        albumId={albumId}
        mobile={mobile}
        imageUrlFor={imageUrlFor}
        imageSizeFor={imageSizeFor}
        overlay={canvasOverlay}
      />
      <HistoryPanel />
      <ToolMenu mobile={mobile} />
      <ElementToolbar mobile={mobile} imageTools={imageTools} />
      <LayersPanel />
      <BottomBar mobile={mobile} />
      <LockedNotice />
      {mobile && <MobileAlert albumTitle={albumTitle} />}
      <Hints enabled={!readOnly} />
    </div>
  );
}
