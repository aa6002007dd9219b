/**
 * The select tool's state machine:
 *
 *   idle --down on element/selection--> pointing --moved 5 px--> dragging   --up--> idle (one history entry)
 *   idle --down on empty canvas-------> pointing --moved 5 px--> lassoing   --up--> idle (selection)
 *   idle --down on a frame handle-----> resizing | rotating | scaling       --up--> idle (one history entry)
 *   idle --middle button / space------> panning                             --up--> idle
 *   pointing --up--> idle (a click: select, shift toggles, empty clears)
 *
 * What separates a click from a drag (SPEC §9): on empty canvas the lasso's 5 px scaled by the zoom; on an element
 * or the selection the drag sensitivity, `dragThresholdMm`: 0.2 mm of the album with a finger (phones), 0.33 mm with
 * a mouse or pen (the original editor's document px, our mm at zoom 1). It is in album units, so it is finer on
 * screen the further one zooms in, where precise moves are made.
 */
import { DRAG_SENSITIVITY, LASSO_THRESHOLD_PX, type Point } from '@stickerbook/model';
import type { Editor } from '../Editor.ts';
import { MoveSession } from '../drag/moveSession.ts';
import { beyondThreshold } from '../selection/lasso.ts';
import { handleAt, type Handle, type OrientedBox } from '../transform/frame.ts';
import { pointInPolygon } from '../selection/lasso.ts';
import { boxPoint } from '../transform/frame.ts';
import type { CanvasPointer, Tool } from './Tool.ts';

/** How close (screen px) the pointer must be to a handle to grab it. */
const HANDLE_RADIUS_PX = 8;
/** Slack around thin elements (lines) for clicks, in screen px. */
const HIT_TOLERANCE_PX = 3;

/** How far (mm of the album) a pressed element must be pulled before it moves: SPEC §9 drag sensitivity. */
export function dragThresholdMm(pointer: Pick<CanvasPointer, 'touch'>): number {
  return pointer.touch ? DRAG_SENSITIVITY.mobile : DRAG_SENSITIVITY.desktop;
}

type State =
  | { name: 'idle' }
  | { name: 'pointing'; start: Point; hit: string | undefined; onSelection: boolean; selectedOnDown: boolean }
  | { name: 'dragging'; session: MoveSession }
  | { name: 'lassoing'; points: Point[]; base: string[] }
  | {
      name: 'resizing' | 'rotating' | 'scaling';
      handle: Handle;
      frame: OrientedBox;
      start: Point;
      ids: string[];
    }
  | { name: 'panning'; last: Point };

export class SelectTool implements Tool {
  readonly id = 'select' as const;
  private current: State = { name: 'idle' };

  constructor(private readonly editor: Editor) {}

  get state(): string {
    return this.current.name;
  }

  onPointerDown(pointer: CanvasPointer): void {
    const editor = this.editor;
    if (pointer.button === 1 || (pointer.button === 0 && editor.spacePressed)) {
      this.current = { name: 'panning', last: pointer.screen };
      return;
    }
    if (pointer.button !== 0) return;
    const zoom = editor.camera.get().zoom;
    const frame = editor.selectionFrame();
    if (frame && editor.canEdit()) {
      const handle = handleAt(frame, zoom, pointer.point, HANDLE_RADIUS_PX / zoom);
      const ids = editor.transformableSelection();
      if (handle && ids.length > 0) {
        const name = handle === 'rotate' ? 'rotating' : handle === 'scale' ? 'scaling' : 'resizing';
        this.current = { name, handle, frame, start: pointer.point, ids };
        return;
      }
    }
    const hit = editor.hitTest(pointer.point, HIT_TOLERANCE_PX / zoom);
    let selectedOnDown = false;
    if (hit && !editor.selection.get().includes(hit)) {
      editor.select(pointer.shift ? [...editor.selection.get(), hit] : [hit]);
      selectedOnDown = true;
    }
    const onSelection =
      !hit && frame !== undefined && editor.selection.get().length > 1 && insideFrame(frame, pointer.point);
    this.current = { name: 'pointing', start: pointer.point, hit, onSelection, selectedOnDown };
  }

  onPointerMove(pointer: CanvasPointer): void {
    const editor = this.editor;
    const state = this.current;
    const zoom = editor.camera.get().zoom;
    switch (state.name) {
      case 'panning':
        editor.panBy(state.last.x - pointer.screen.x, state.last.y - pointer.screen.y);
        this.current = { name: 'panning', last: pointer.screen };
        return;
      case 'pointing': {
        const moving = state.hit !== undefined || state.onSelection;
        const threshold = moving ? dragThresholdMm(pointer) : LASSO_THRESHOLD_PX / zoom;
        if (!beyondThreshold(state.start, pointer.point, threshold)) return;
        if (moving) {
          const ids = editor.canEdit() ? editor.transformableSelection() : [];
          if (ids.length === 0) return;
          this.current = { name: 'dragging', session: new MoveSession(editor.doc, ids, state.start) };
        } else {
          const base = pointer.shift ? editor.selection.get().slice() : [];
          this.current = { name: 'lassoing', points: [state.start], base };
        }
        this.onPointerMove(pointer);
        return;
      }
      case 'dragging':
        editor.previewMove(state.session, pointer);
        return;
      case 'lassoing':
        state.points.push(pointer.point);
        editor.updateLasso(state.points, state.base);
        return;
      case 'resizing':
      case 'rotating':
      case 'scaling':
        editor.previewTransform(state, pointer);
        return;
    }
  }

  onPointerUp(pointer: CanvasPointer): void {
    const editor = this.editor;
    const state = this.current;
    this.current = { name: 'idle' };
    switch (state.name) {
      case 'pointing':
        if (state.hit) {
          if (state.selectedOnDown) return;
          if (pointer.shift) editor.select(editor.selection.get().filter((id) => id !== state.hit));
          else editor.select([state.hit]);
        } else if (!pointer.shift && !state.onSelection) editor.select([]);
        return;
      case 'dragging':
        editor.commitMove(state.session, pointer.point);
        return;
      case 'lassoing':
        editor.endLasso();
        return;
      case 'resizing':
      case 'rotating':
      case 'scaling':
        editor.commitTransform(state.name);
        return;
    }
  }

  onDoubleClick(pointer: CanvasPointer): void {
    this.editor.doubleClickAt(pointer.point, HIT_TOLERANCE_PX / this.editor.camera.get().zoom);
  }

  cancel(): boolean {
    const state = this.current;
    this.current = { name: 'idle' };
    if (state.name === 'dragging') this.editor.cancelMove();
    else if (state.name === 'lassoing') this.editor.endLasso(true);
    else if (state.name === 'resizing' || state.name === 'rotating' || state.name === 'scaling')
      this.editor.cancelTransform();
    return state.name !== 'idle';
  }
}

function insideFrame(frame: OrientedBox, point: Point): boolean {
  const corners = [
    { x: 0, y: 0 },
    { x: frame.width, y: 0 },
    { x: frame.width, y: frame.height },
    { x: 0, y: frame.height },
  ].map((corner) => boxPoint(frame, corner));
  return pointInPolygon(point, corners);
}
