export {
  Editor,
  type EditorOptions,
  type EditorError,
  type EditorRequest,
  type ChangeOptions,
} from './Editor.ts';
export { Atom, Emitter, type ReadonlyAtom } from './state/atom.ts';
export type { Camera, Size } from './camera/camera.ts';
export { ZOOM_MIN, screenToPage, pageToScreen, fitRect } from './camera/camera.ts';
export { spreadLayout, spreadIdAtPoint, type SpreadLayout } from './camera/layout.ts';
export type { DragDelta } from './drag/moveSession.ts';
export type { Guide } from './drag/snapping.ts';
export {
  handlePositions,
  RESIZE_HANDLES,
  type Handle,
  type OrientedBox,
  type ResizeHandle,
} from './transform/frame.ts';
export {
  DEFAULT_VIEW_SETTINGS,
  HINT_TIMING_MS,
  gridVisible,
  type ViewSettings,
} from './state/viewSettings.ts';
export type { EditMode, ImageCrop } from './state/modes.ts';
export { memoryClipboard, systemClipboard, type ClipboardAdapter } from './clipboard.ts';
export type { KeyInput, PointerInput, WheelInput } from './input.ts';
export type { ToolId } from './tools/Tool.ts';
export { SHORTCUTS, actionForKey, type EditorAction } from './shortcuts.ts';
export { runAction } from './actions.ts';
