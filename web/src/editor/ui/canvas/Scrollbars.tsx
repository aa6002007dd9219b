/**
 * Scrollbars for the canvas (SPEC §2): the scrollable area is the whole album plus half a viewport around it;
 * dragging a thumb pans the camera. Drawn by us because the canvas is a camera, not a scrolled document.
 */
import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useAtomValue } from '../../react.ts';
import { spreadLayout } from '../../camera/layout.ts';
import { useEditor } from '../EditorContext.tsx';
import { useDerived } from '../useEditorValue.ts';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';

const THICKNESS = 10;

export function Scrollbars() {
  const editor = useEditor();
  const camera = useAtomValue(editor.camera);
  const viewport = useAtomValue(editor.cameraController.viewport);
  // The layout is one object per spread list (editor/camera/layout.ts): a move or its undo re-renders no scrollbar.
  const bounds = useDerived([editor.displayDoc], () => spreadLayout(editor.displayDoc.get()).bounds);
  const visibleW = viewport.width / camera.zoom;
  const visibleH = viewport.height / camera.zoom;
  const axis = (start: number, size: number, visibleStart: number, visible: number, track: number) => {
    const min = Math.min(start - visible / 2, visibleStart);
    const max = Math.max(start + size + visible / 2, visibleStart + visible);
    const total = max - min;
    const length = Math.min(track, Math.max(24, (visible / total) * track));
    const room = Math.max(1, track - length);
    const scrollable = Math.max(1e-9, total - visible);
    const offset = Math.min(room, Math.max(0, ((visibleStart - min) / scrollable) * room));
    // Millimetres of canvas per pixel of thumb movement.
    return { length, offset, mmPerPx: scrollable / room };
  };
  const trackW = viewport.width - THICKNESS;
  const trackH = viewport.height - THICKNESS;
  const h = axis(bounds.x, bounds.width, camera.x, visibleW, trackW);
  const v = axis(bounds.y, bounds.height, camera.y, visibleH, trackH);
  return (
    <>
      <Thumb
        orientation="vertical"
        length={v.length}
        offset={v.offset}
        onDrag={(px) => editor.panBy(0, px * v.mmPerPx * camera.zoom)}
      />
      <Thumb
        orientation="horizontal"
        length={h.length}
        offset={h.offset}
        onDrag={(px) => editor.panBy(px * h.mmPerPx * camera.zoom, 0)}
      />
    </>
  );
}

function Thumb(props: {
  orientation: 'vertical' | 'horizontal';
  length: number;
  offset: number;
  onDrag: (deltaPx: number) => void;
}) {
  const last = useRef<number | null>(null);
  const vertical = props.orientation === 'vertical';
  const down = (event: ReactPointerEvent) => {
    last.current = vertical ? event.clientY : event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: ReactPointerEvent) => {
    if (last.current === null) return;
    const now = vertical ? event.clientY : event.clientX;
    props.onDrag(now - last.current);
    last.current = now;
  };
  const up = () => {
    last.current = null;
  };
  return (
    <div
      {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
      data-testid={`scrollbar-${props.orientation}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      style={{
        position: 'absolute',
        ...(vertical
          ? { right: 2, top: props.offset, width: THICKNESS - 4, height: props.length }
          : { bottom: 2, left: props.offset, height: THICKNESS - 4, width: props.length }),
        borderRadius: THICKNESS,
        background: 'rgba(0,0,0,0.28)',
        cursor: 'default',
        touchAction: 'none',
      }}
    />
  );
}
