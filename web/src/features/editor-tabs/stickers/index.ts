export { handleStickerDrop, isStickerDrag } from './stickerDrop.ts';
export type { StickerDragData, StickerDropResult } from './stickerDrop.ts';
