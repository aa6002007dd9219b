/**
 * Keyboard and wheel input, normalised from DOM events by the UI. While a text is being edited the rich-text
 * editor owns the keyboard: only Escape (leave text edit) reaches the editor. Space held turns a left-button
 * drag into panning (SPEC §4 "Space+drag pans").
 */
import type { Point } from '@stickerbook/model';
import type { Editor } from './Editor.ts';
import { runAction } from './actions.ts';
import { actionForKey, type KeyInput } from './shortcuts.ts';

export type { KeyInput };

export interface PointerInput {
  /** Screen px relative to the canvas element. */
  screen: Point;
  button?: number;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** DOM PointerEvent.pointerType: a finger ('touch') gets the phone's drag sensitivity (SPEC §9). */
  pointerType?: string;
}

export interface WheelInput {
  screen: Point;
  deltaX: number;
  deltaY: number;
  /** DOM WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages. */
  deltaMode?: number;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

const LINE_PX = 16;

export class GestureInput {
  spacePressed = false;

  constructor(private readonly editor: Editor) {}

  keyDown(input: KeyInput): boolean {
    const editingText = this.editor.editMode.get().kind === 'text';
    if (editingText && input.key !== 'Escape') return false;
    if (input.key === ' ') {
      this.spacePressed = true;
      return true;
    }
    const action = actionForKey(input);
    if (!action) return false;
    // Enter is only taken when there is something to edit; otherwise it stays with whatever has the focus.
    if (action.type === 'editText') return runAction(this.editor, action) === true;
    void runAction(this.editor, action);
    return true;
  }

  keyUp(input: KeyInput): void {
    if (input.key === ' ') this.spacePressed = false;
  }

  wheel(input: WheelInput): void {
    const scale = input.deltaMode === 1 ? LINE_PX : input.deltaMode === 2 ? 800 : 1;
    const dx = input.deltaX * scale;
    const dy = input.deltaY * scale;
    const camera = this.editor.cameraController;
    if (input.ctrlKey || input.metaKey) camera.wheelZoom(dy, input.screen);
    else if (input.shiftKey && dx === 0) camera.panBy(dy, 0);
    else camera.panBy(dx, dy);
  }
}
