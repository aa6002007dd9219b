/**
 * Putting a stock photo on a spread (SPEC §4 canvas drops: "image, stock or element creates node at drop point"):
 * the stock tab puts the photo on the HTML5 drag data under our own MIME type, and a click inserts it into the
 * current spread. Either way the result is an Image element referencing the photo by `pexelsId` (SPEC §3).
 */
import {
  insertElement,
  PAGE_WIDTH_MM,
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  type Point,
} from '@stickerbook/model';
import type { Editor } from '../../editor/Editor.ts';
import { spreadIdAtPoint, spreadLayout } from '../../editor/camera/layout.ts';
import { runChange } from '../editor-tabs/editorHooks.ts';
import { track } from '../../analytics/index.ts';
import { fillSlotUnder } from '../editor-tabs/slotDrop.ts';
import { rememberStockPhotos, type StockPhoto } from './api.ts';

export const STOCK_DRAG_MIME = 'application/x-stickerbook-stock';

/** What a stock drag carries: enough to place the photo without another request. */
export interface StockDragData {
  id: number;
  width: number;
  height: number;
  src: string;
}

/** The longest side of a newly placed photo: most of a page, so it is visibly there and easy to resize. */
const PLACED_MAX_MM = 180;

export function writeStockDragData(dataTransfer: DataTransfer, photo: StockPhoto): void {
  const data: StockDragData = {
    id: photo.id,
    width: photo.width,
    height: photo.height,
    src: photo.src.large,
  };
  dataTransfer.setData(STOCK_DRAG_MIME, JSON.stringify(data));
  // Other drop targets (a text field, another app) get the picture's URL.
  dataTransfer.setData('text/uri-list', photo.src.large);
  dataTransfer.effectAllowed = 'copy';
  rememberStockPhotos([photo]);
}

export function readStockDragData(dataTransfer: DataTransfer): StockDragData | null {
  const raw = dataTransfer.getData(STOCK_DRAG_MIME);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<StockDragData>;
    const valid =
      Number.isInteger(data.id) &&
      (data.id ?? 0) > 0 &&
      (data.width ?? 0) > 0 &&
      (data.height ?? 0) > 0 &&
      typeof data.src === 'string';
    return valid ? (data as StockDragData) : null;
  } catch {
    return null;
  }
}

/** Whether a drag (during dragover, when the data is not readable yet) carries a stock photo. */
export function isStockDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(STOCK_DRAG_MIME);
}

/**
 * Image props for a photo centred on a spread point (mm, spread coordinates), in the photo's aspect ratio,
 * kept inside the spread.
 */
export function stockImageProps(photo: Pick<StockDragData, 'id' | 'width' | 'height'>, centre: Point) {
  const ratio = photo.width / photo.height;
  const width = ratio >= 1 ? PLACED_MAX_MM : PLACED_MAX_MM * ratio;
  const height = ratio >= 1 ? PLACED_MAX_MM / ratio : PLACED_MAX_MM;
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    x: round(clamp(centre.x - width / 2, SPREAD_WIDTH_MM - width)),
    y: round(clamp(centre.y - height / 2, SPREAD_HEIGHT_MM - height)),
    width: round(width),
    height: round(height),
    pexelsId: photo.id,
  };
}

/** Inserts the photo on a spread as one undoable step and selects it; false when nothing changed. */
function placeStockPhoto(
  editor: Editor,
  photo: Pick<StockDragData, 'id' | 'width' | 'height'>,
  spreadId: string,
  centre: Point,
): boolean {
  const change = runChange(
    editor,
    'place stock photo',
    (doc) => insertElement(doc, { parentId: spreadId, type: 'Image', props: stockImageProps(photo, centre) }),
    { select: true },
  );
  if (change?.patches.length) track('Background Image Placed', { source: 'stock' });
  return change !== null && change.patches.length > 0;
}

/** Click-to-insert: the middle of the current spread's right page (the left one of a cover is its back). */
export function insertStockPhotoIntoCurrentSpread(editor: Editor, photo: StockPhoto): boolean {
  const spreadId = editor.selectionController.currentSpreadId();
  if (!spreadId) return false;
  rememberStockPhotos([photo]);
  return placeStockPhoto(editor, photo, spreadId, { x: PAGE_WIDTH_MM * 1.5, y: SPREAD_HEIGHT_MM / 2 });
}

/**
 * For the canvas: drops a dragged stock photo at a canvas point (mm): into the empty image slot under it, else as
 * a new Image element. False when it is not a stock drag.
 */
export function handleStockDrop(editor: Editor, dataTransfer: DataTransfer, pagePoint: Point): boolean {
  const photo = readStockDragData(dataTransfer);
  if (!photo) return false;
  if (fillSlotUnder(editor, pagePoint, { pexelsId: photo.id })) return true;
  const doc = editor.doc;
  const spreadId = spreadIdAtPoint(doc, pagePoint);
  if (!spreadId) return false;
  const origin = spreadLayout(doc).rects.get(spreadId)!;
  return placeStockPhoto(editor, photo, spreadId, { x: pagePoint.x - origin.x, y: pagePoint.y - origin.y });
}
