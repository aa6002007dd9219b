/** The album-structure sidebar tabs (issue 4) and what the canvas and the shell need from them. */
export { EDITOR_TAB_PANELS } from './panels.ts';
export { EditorTabContent } from './EditorTabContent.tsx';
export { EditorTabPanel } from './EditorTabPanel.tsx';
export type { TabPanelProps } from './types.ts';
export {
  handleStickerDrop,
  isStickerDrag,
  type StickerDragData,
  type StickerDropResult,
} from './stickers/stickerDrop.ts';
export { handleLayoutDrop, isLayoutDrag } from './layouts/layoutDrop.ts';
export { useStickerTemplates, useOnboardingState } from './api.ts';
export { useOpenStickerRequests } from './stickers/useOpenStickerRequests.ts';
