/**
 * Stock photos (issue 5): the stock sub-tab panel of the background tab, the drag data and drop handler the canvas
 * uses, and the lookup the renderer host needs for `pexels:<id>` image keys.
 */
export { StockPanel, type StockPanelProps } from './StockPanel.tsx';
export {
  handleStockDrop,
  insertStockPhotoIntoCurrentSpread,
  isStockDrag,
  placeStockPhoto,
  readStockDragData,
  STOCK_DRAG_MIME,
  stockImageProps,
  type StockDragData,
} from './stockDrag.ts';
export {
  lookupStockPhoto,
  rememberStockPhotos,
  stockImageSizeFor,
  stockImageUrlFor,
  stockPhotoUrl,
  useStockPhotosVersion,
  useFeatures,
  type Features,
  type StockPhoto,
} from './api.ts';
