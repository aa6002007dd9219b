/**
 * Stock photos (issue 5): the stock sub-tab panel of the background tab, the drag data and drop handler the canvas
 * uses, and the lookup the renderer host needs for `pexels:<id>` image keys.
 */
export { StockPanel } from './StockPanel.tsx';
export { handleStockDrop, isStockDrag, STOCK_DRAG_MIME } from './stockDrag.ts';
export { stockImageSizeFor, stockImageUrlFor, useStockPhotosVersion, useFeatures } from './api.ts';
