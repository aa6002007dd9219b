/**
 * Everything drawn over the album in screen pixels, so strokes and handles keep their size at any zoom:
 * hover outline, drop target, selection frame with its 8 resize handles and the scale and rotate handles, smart guides,
 * the lasso, the grid and the isolation frame. Each part subscribes only to the atoms it draws.
 */
import { useMemo } from 'react';
import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM, GRID_SNAP_MM } from '@stickerbook/model';
import { spreadLayout } from '../../camera/layout.ts';
import { gridVisible } from '../../state/viewSettings.ts';
import type { Atom } from '../../state/atom.ts';
import { handlePositions, RESIZE_HANDLES, selectionFrame, type OrientedBox } from '../../transform/frame.ts';
import { useAtomValue, useVisibleSpreadIds } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { boxCornersOnScreen, polygonPoints, toScreen } from '../geometry.ts';

const ACCENT = '#228be6';
const GUIDE = '#f03e8c';

export function CanvasOverlays({ hovered, reduced }: { hovered: Atom<string | null>; reduced: boolean }) {
  return (
    <svg
      width="100%"
      height="100%"
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}
      data-testid="editor-overlays"
    >
      <GridOverlay />
      <IsolationFrame />
      <HoverOutline hovered={hovered} />
      <DropTargetHighlight />
      <SelectionOverlay reduced={reduced} />
      <GuidesOverlay />
      <LassoOverlay />
    </svg>
  );
}

function GridOverlay() {
  const editor = useEditor();
  const camera = useAtomValue(editor.camera);
  const settings = useAtomValue(editor.viewSettings);
  const ids = useVisibleSpreadIds(editor);
  const doc = useAtomValue(editor.displayDoc);
  if (!gridVisible(settings, camera.zoom)) return null;
  const layout = spreadLayout(doc);
  const step = GRID_SNAP_MM * camera.zoom;
  return (
    <g data-testid="editor-grid">
      {ids.map((id) => {
        const rect = layout.rects.get(id);
        if (!rect) return null;
        const origin = toScreen(camera, rect);
        const patternId = `editor-grid-${id}`;
        return (
          <g key={id}>
            <defs>
              <pattern
                id={patternId}
                x={origin.x}
                y={origin.y}
                width={step}
                height={step}
                patternUnits="userSpaceOnUse"
              >
                <path
                  d={`M ${step} 0 L 0 0 0 ${step}`}
                  fill="none"
                  stroke="rgba(34,139,230,0.25)"
                  strokeWidth={1}
                />
              </pattern>
            </defs>
            <rect
              x={origin.x}
              y={origin.y}
              width={SPREAD_WIDTH_MM * camera.zoom}
              height={SPREAD_HEIGHT_MM * camera.zoom}
              fill={`url(#${patternId})`}
            />
          </g>
        );
      })}
    </g>
  );
}

function IsolationFrame() {
  const editor = useEditor();
  const groupId = useAtomValue(editor.isolatedGroupId);
  const doc = useAtomValue(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  if (!groupId) return null;
  const frame = selectionFrame(doc, [groupId]);
  if (!frame) return null;
  return (
    <polygon
      points={polygonPoints(boxCornersOnScreen(camera, frame))}
      fill="none"
      stroke={ACCENT}
      strokeDasharray="6 4"
      strokeWidth={1}
      data-testid="isolation-frame"
    />
  );
}

function HoverOutline({ hovered }: { hovered: Atom<string | null> }) {
  const editor = useEditor();
  const id = useAtomValue(hovered);
  const selection = useAtomValue(editor.selection);
  const doc = useAtomValue(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  const drag = useAtomValue(editor.dragDelta);
  if (!id || selection.includes(id) || drag) return null;
  const frame = selectionFrame(doc, [id]);
  if (!frame) return null;
  return (
    <polygon
      points={polygonPoints(boxCornersOnScreen(camera, frame))}
      fill="none"
      stroke={ACCENT}
      strokeWidth={1.5}
      data-testid="hover-outline"
    />
  );
}

/** The slot or sticker cell a dragged photo would fill (`editor.dropTarget`), tinted so the user sees where it lands. */
function DropTargetHighlight() {
  const editor = useEditor();
  const id = useAtomValue(editor.dropTarget);
  const doc = useAtomValue(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  if (!id) return null;
  const frame = selectionFrame(doc, [id]);
  if (!frame) return null;
  return (
    <polygon
      points={polygonPoints(boxCornersOnScreen(camera, frame))}
      fill="rgba(34,139,230,0.15)"
      stroke={ACCENT}
      strokeWidth={3}
      strokeDasharray="8 4"
      data-testid="drop-target"
      data-element-id={id}
    />
  );
}

function SelectionOverlay({ reduced }: { reduced: boolean }) {
  const editor = useEditor();
  const selection = useAtomValue(editor.selection);
  const doc = useAtomValue(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  const drag = useAtomValue(editor.dragDelta);
  const mode = useAtomValue(editor.editMode);
  useAtomValue(editor.access);
  // The frames do not change while a drag moves them (only the offset does): computed once per document.
  const frame = useMemo(() => selectionFrame(doc, selection), [doc, selection]);
  const individual = useMemo(
    () =>
      selection.length > 1
        ? selection.map((id) => selectionFrame(doc, [id])).filter((box): box is OrientedBox => Boolean(box))
        : [],
    [doc, selection],
  );
  if (selection.length === 0 || !frame) return null;
  const offset = drag && selection.some((id) => drag.ids.has(id)) ? { x: drag.dx, y: drag.dy } : undefined;
  const moved: OrientedBox = offset ? { ...frame, x: frame.x + offset.x, y: frame.y + offset.y } : frame;
  const corners = boxCornersOnScreen(camera, moved);
  const editable = editor.canEdit() && editor.transformableSelection().length > 0;
  const showHandles = editable && !reduced && !drag && mode.kind === 'none';
  return (
    <g data-testid="selection-frame" data-selection-count={selection.length}>
      {individual.map((box, i) => (
        <polygon
          key={i}
          points={polygonPoints(boxCornersOnScreen(camera, box, offset))}
          fill="none"
          stroke={ACCENT}
          strokeOpacity={0.5}
          strokeWidth={1}
        />
      ))}
      <polygon points={polygonPoints(corners)} fill="none" stroke={ACCENT} strokeWidth={1.5} />
      {showHandles && <Handles frame={moved} />}
    </g>
  );
}

function Handles({ frame }: { frame: OrientedBox }) {
  const editor = useEditor();
  const camera = editor.camera.get();
  const positions = handlePositions(frame, camera.zoom);
  const size = 8;
  const top = toScreen(camera, positions.n);
  const rotate = toScreen(camera, positions.rotate);
  const scale = toScreen(camera, positions.scale);
  return (
    <g>
      <line x1={top.x} y1={top.y} x2={rotate.x} y2={rotate.y} stroke={ACCENT} strokeWidth={1} />
      {RESIZE_HANDLES.map((handle) => {
        const p = toScreen(camera, positions[handle]);
        return (
          <rect
            key={handle}
            x={p.x - size / 2}
            y={p.y - size / 2}
            width={size}
            height={size}
            rx={1.5}
            fill="#fff"
            stroke={ACCENT}
            strokeWidth={1.5}
            transform={`rotate(${frame.rotation} ${p.x} ${p.y})`}
            data-handle={handle}
          />
        );
      })}
      <circle
        cx={rotate.x}
        cy={rotate.y}
        r={5}
        fill="#fff"
        stroke={ACCENT}
        strokeWidth={1.5}
        data-handle="rotate"
      />
      <g transform={`translate(${scale.x} ${scale.y}) rotate(${frame.rotation})`} data-handle="scale">
        <path
          d="M -4 4 L 4 -4 M 0 -4 L 4 -4 L 4 0 M -4 0 L -4 4 L 0 4"
          stroke={ACCENT}
          strokeWidth={1.5}
          fill="none"
        />
      </g>
    </g>
  );
}

function GuidesOverlay() {
  const editor = useEditor();
  const guides = useAtomValue(editor.guides);
  const camera = useAtomValue(editor.camera);
  if (guides.length === 0) return null;
  return (
    <g data-testid="smart-guides">
      {guides.map((guide, i) => {
        const from =
          guide.axis === 'x' ? { x: guide.position, y: guide.from } : { x: guide.from, y: guide.position };
        const to =
          guide.axis === 'x' ? { x: guide.position, y: guide.to } : { x: guide.to, y: guide.position };
        const a = toScreen(camera, from);
        const b = toScreen(camera, to);
        return (
          <line
            key={i}
            x1={a.x}
            y1={a.y}
            x2={b.x}
            y2={b.y}
            stroke={GUIDE}
            strokeWidth={1}
            data-guide={guide.axis}
          />
        );
      })}
    </g>
  );
}

function LassoOverlay() {
  const editor = useEditor();
  const lasso = useAtomValue(editor.lasso);
  const camera = useAtomValue(editor.camera);
  if (!lasso || lasso.length < 2) return null;
  return (
    <polygon
      points={polygonPoints(lasso.map((p) => toScreen(camera, p)))}
      fill="rgba(34,139,230,0.08)"
      stroke={ACCENT}
      strokeDasharray="4 3"
      strokeWidth={1}
      data-testid="lasso"
    />
  );
}
