/**
 * The canvas: a viewport div holding the album's one SVG (WorldLayer), the screen-space overlays, the spreads'
 * meta bars, the scrollbars and the in-place editors. It forwards pointer, wheel and keyboard input to the
 * engine and renders engine state; it computes no geometry of its own.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageSizeFor, ImageUrlFor } from '../../../render/index.ts';
import { Atom } from '../../state/atom.ts';
import { spreadLayout } from '../../camera/layout.ts';
import { useAtomValue } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { useCanvasInput, useViewportSize } from '../useCanvasInput.ts';
import { useDragTransform } from '../useDragTransform.ts';
import { CanvasOverlays } from './Overlays.tsx';
import { Scrollbars } from './Scrollbars.tsx';
import { SpreadMetaBars } from './SpreadMetaBars.tsx';
import { WorldLayer } from './WorldLayer.tsx';
import { TextEditOverlay } from '../edit/TextEditOverlay.tsx';
import { CommentNote } from '../edit/CommentNote.tsx';
import { ImageEditOverlay } from '../edit/ImageEditOverlay.tsx';

interface Props {
  albumId: string;
  mobile: boolean;
  imageUrlFor?: ImageUrlFor;
  imageSizeFor?: ImageSizeFor;
  overlay?: ReactNode;
}

export function EditorCanvas({ albumId, mobile, imageUrlFor, imageSizeFor, overlay }: Props) {
  const editor = useEditor();
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const worldRef = useRef<SVGSVGElement>(null);
  const [hovered] = useState(() => new Atom<string | null>(null));
  useViewportSize(editor, viewportRef);
  useCanvasInput(editor, viewportRef, hovered);
  useDragTransform(editor, worldRef);
  useInitialFit();
  const { printPreview } = useAtomValue(editor.viewSettings);
  const cursor = useCursor();
  return (
    <div
      ref={viewportRef}
      tabIndex={0}
      data-testid="editor-canvas"
      // An application region: the canvas handles its own keys (arrows nudge, Delete deletes, SPEC §4).
      role="application"
      aria-label={t('a11y.canvas')}
      style={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        outline: 'none',
        touchAction: 'none',
        userSelect: 'none',
        cursor,
        background: printPreview ? '#495057' : 'var(--mantine-color-gray-1)',
      }}
    >
      <WorldLayer worldRef={worldRef} imageUrlFor={imageUrlFor} imageSizeFor={imageSizeFor} />
      {!printPreview && <CanvasOverlays hovered={hovered} reduced={mobile} />}
      {!printPreview && overlay}
      <SpreadMetaBars albumId={albumId} mobile={mobile} />
      <Scrollbars />
      <TextEditOverlay />
      {!mobile && !printPreview && <CommentNote />}
      <ImageEditOverlay />
    </div>
  );
}

/** Auto-fit (SPEC §4 editor defaults): the first spread fills the view once the viewport has its size. */
function useInitialFit() {
  const editor = useEditor();
  useEffect(() => {
    const fit = () => {
      const first = spreadLayout(editor.doc).order[0];
      if (first) editor.zoomToFitSpread(first);
    };
    fit();
    // The shell may still settle its layout right after mounting (navbar, mobile header): refit while it does,
    // then leave the camera to the user.
    const off = editor.cameraController.viewport.subscribe(fit);
    const settle = setTimeout(off, 1000);
    return () => {
      clearTimeout(settle);
      off();
    };
  }, [editor]);
}

function useCursor(): string {
  const editor = useEditor();
  const tool = useAtomValue(editor.toolId);
  return tool === 'select' ? 'default' : 'crosshair';
}
