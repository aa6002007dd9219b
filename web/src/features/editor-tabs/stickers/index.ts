export { handleStickerDrop, isStickerDrag, readStickerDragData, STICKER_DRAG_MIME } from './stickerDrop.ts';
export type { StickerDragData, StickerDropResult } from './stickerDrop.ts';
