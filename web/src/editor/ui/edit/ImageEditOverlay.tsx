/**
 * Image edit mode (SPEC §4): the photo moves inside its frame. Dragging pans it (cx, cy), the wheel zooms it
 * (cscale), a slider turns it (crotation). Everything is a transient preview (engine `previewCrop`); Enter,
 * Escape or a click outside commit it as one history entry.
 */
import { Paper, Slider, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { getNode, type ElementProps } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { canvasMatrix, canvasRotation } from '../../document/canvasGeometry.ts';
import { useAtomValue } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { cssMatrixOnScreen, toScreen } from '../geometry.ts';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';
import { elementFrameSelector } from '../../../render/ElementFrame.tsx';
import { applyToPoint } from '@stickerbook/model';

const MIN_CSCALE = 1;
const MAX_CSCALE = 10;

export function ImageEditOverlay() {
  const editor = useEditor();
  const mode = useAtomValue(editor.editMode);
  if (mode.kind !== 'image') return null;
  return <ImageEditor id={mode.id} />;
}

function ImageEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const camera = useAtomValue(editor.camera);
  const doc = useAtomValue(editor.displayDoc);
  const mode = useAtomValue(editor.editMode);
  const last = useRef<{ x: number; y: number } | null>(null);
  const node = getNode(doc, id);

  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        editor.stopEditing();
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [editor]);

  if (!node || mode.kind !== 'image') return null;
  const p = node.props as ElementProps;
  const crop = {
    cx: p.cx ?? 0.5,
    cy: p.cy ?? 0.5,
    cscale: p.cscale ?? 1,
    crotation: p.crotation ?? 0,
    ...mode.crop,
  };
  const matrix = canvasMatrix(doc, id);
  const bottom = toScreen(camera, applyToPoint(matrix, { x: p.width / 2, y: p.height }));

  /** The photo's drawn size in the frame's millimetres (the renderer's <image>), for pan speed. */
  const photoSize = () => {
    const image = document.querySelector<SVGGraphicsElement>(
      `[data-editor-spread] ${elementFrameSelector(id)} image`,
    );
    const box = image?.getBBox();
    return box && box.width > 0 ? box : { width: p.width * crop.cscale, height: p.height * crop.cscale };
  };

  return (
    <>
      <div
        {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
        data-testid="image-editor"
        onPointerDown={(event) => {
          last.current = { x: event.clientX, y: event.clientY };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (!last.current) return;
          const dx = (event.clientX - last.current.x) / camera.zoom;
          const dy = (event.clientY - last.current.y) / camera.zoom;
          last.current = { x: event.clientX, y: event.clientY };
          // Into the frame's own axes (it may be turned), then into fractions of the photo.
          const angle = (-canvasRotation(doc, id) * Math.PI) / 180;
          const lx = dx * Math.cos(angle) - dy * Math.sin(angle);
          const ly = dx * Math.sin(angle) + dy * Math.cos(angle);
          const size = photoSize();
          const clamp = (v: number) => Math.min(1, Math.max(0, v));
          editor.modes.previewCrop({
            cx: clamp(crop.cx - lx / size.width),
            cy: clamp(crop.cy - ly / size.height),
          });
        }}
        onPointerUp={() => {
          last.current = null;
        }}
        onWheel={(event) => {
          const factor = Math.pow(1.0075, -event.deltaY);
          editor.modes.previewCrop({
            cscale: Math.min(MAX_CSCALE, Math.max(MIN_CSCALE, crop.cscale * factor)),
          });
        }}
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: p.width,
          height: p.height,
          transformOrigin: '0 0',
          transform: cssMatrixOnScreen(camera, matrix),
          outline: `${2 / camera.zoom}px dashed #228be6`,
          cursor: 'move',
          touchAction: 'none',
        }}
      />
      <Paper
        {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
        shadow="md"
        p="xs"
        withBorder
        style={{ position: 'absolute', left: bottom.x - 130, top: bottom.y + 12, width: 260 }}
        data-testid="image-edit-panel"
      >
        <Text size="xs" c="dimmed" mb={4}>
          {t('editorUi.image.rotation')}
        </Text>
        <Slider
          min={-180}
          max={180}
          value={crop.crotation}
          onChange={(value) => editor.modes.previewCrop({ crotation: value })}
          label={(v) => `${v}°`}
          thumbLabel={t('editorUi.image.rotation')}
          data-testid="image-rotation"
        />
        <Text size="xs" c="dimmed" mt={6}>
          {t('editorUi.image.hint')}
        </Text>
      </Paper>
    </>
  );
}
