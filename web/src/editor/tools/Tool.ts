/**
 * Tools are small state machines (as in tldraw): the editor routes normalised pointer input to the current
 * tool, which moves between named states and calls the editor's intents. The UI never talks to a tool directly.
 */
import type { Point } from '@stickerbook/model';

export type ToolId = 'select' | 'Text' | 'Circle' | 'Rectangle' | 'Line' | 'StickerCell' | 'Comment';

export interface CanvasPointer {
  /** Position in screen px relative to the canvas element's top-left corner. */
  screen: Point;
  /** The same position on the canvas, in mm. */
  point: Point;
  /** 0 main, 1 middle, 2 secondary (DOM `button`). */
  button: number;
  shift: boolean;
  /** Ctrl, or Cmd on macOS. */
  ctrl: boolean;
  alt: boolean;
  /** A finger on a touch screen (phones), not a mouse or pen. */
  touch: boolean;
}

export interface Tool {
  readonly id: ToolId;
  /** The current state's name, for the UI (cursor) and for tests. */
  readonly state: string;
  onPointerDown(pointer: CanvasPointer): void;
  onPointerMove(pointer: CanvasPointer): void;
  onPointerUp(pointer: CanvasPointer): void;
  onDoubleClick?(pointer: CanvasPointer): void;
  /** Escape or a lost pointer: abandon the gesture without changing the document. Returns whether it did. */
  cancel(): boolean;
}
