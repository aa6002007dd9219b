/**
 * Dragging a sticker from the stickers tab onto the canvas (SPEC §4 canvas drops). The tab puts the sticker id
 * on the HTML5 drag data under our own MIME type; the canvas calls `handleStickerDrop` with the drop point in
 * canvas millimetres. On a sticker cell the sticker is placed in it (and joins that cell's section); on free
 * spread space a cell of the sticker's size (50 x 70, double 100 x 70) is created around the point.
 */
import {
  descendantsOf,
  hitTestNode,
  placeSticker,
  placeStickerOnSpread,
  type AlbumDocument,
  type Point,
} from '@stickerbook/model';
import type { Editor } from '../../../editor/Editor.ts';
import { spreadIdAtPoint, spreadLayout } from '../../../editor/camera/layout.ts';
import { runChange } from '../editorHooks.ts';
import { track } from '../../../analytics/index.ts';

const STICKER_DRAG_MIME = 'application/x-stickerbook-sticker';

export interface StickerDragData {
  stickerId: string;
}

export function writeStickerDragData(dataTransfer: DataTransfer, data: StickerDragData): void {
  dataTransfer.setData(STICKER_DRAG_MIME, JSON.stringify(data));
  dataTransfer.effectAllowed = 'copyMove';
}

/** The sticker of a drag, or null when the drag carries something else. */
function readStickerDragData(dataTransfer: DataTransfer): StickerDragData | null {
  const raw = dataTransfer.getData(STICKER_DRAG_MIME);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StickerDragData>;
    return typeof parsed.stickerId === 'string' ? { stickerId: parsed.stickerId } : null;
  } catch {
    return null;
  }
}

/** Whether a drag (during dragover, when the data is not readable yet) carries a sticker. */
export function isStickerDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(STICKER_DRAG_MIME);
}

export type StickerDropResult =
  { kind: 'placed'; cellId: string } | { kind: 'created'; cellId: string } | null;

/**
 * Places a dragged sticker at a canvas point (mm). Accepts the drag data object or the DataTransfer itself.
 * Returns what happened, or null when nothing changed (outside every spread, unknown sticker, read-only album).
 */
export function handleStickerDrop(
  editor: Editor,
  data: StickerDragData | DataTransfer,
  pagePoint: Point,
): StickerDropResult {
  const drag = 'stickerId' in data ? data : readStickerDragData(data);
  if (!drag) return null;
  const doc = editor.doc;
  const spreadId = spreadIdAtPoint(doc, pagePoint);
  if (!spreadId) return null;
  const origin = spreadLayout(doc).rects.get(spreadId)!;
  const local = { x: pagePoint.x - origin.x, y: pagePoint.y - origin.y };
  const hit = cellAt(doc, spreadId, local);
  if (hit) {
    const change = runChange(editor, 'place sticker', (d) => placeSticker(d, drag.stickerId, hit.id), {
      select: true,
    });
    if (change) track('Sticker Placed', { target: 'cell' });
    return change ? { kind: 'placed', cellId: hit.id } : null;
  }
  const change = runChange(
    editor,
    'place sticker',
    (d) => placeStickerOnSpread(d, drag.stickerId, spreadId, local),
    { select: true },
  );
  if (change) track('Sticker Placed', { target: 'spread' });
  return change ? { kind: 'created', cellId: change.selection[0] } : null;
}

/** The topmost unlocked sticker cell under a spread point, inside groups too (layouts group double cells). */
export function cellAt(doc: AlbumDocument, spreadId: string, local: Point) {
  const cells = descendantsOf(doc, spreadId).filter(
    (node) => node.type === 'StickerCell' && node.props.locked !== true,
  );
  // descendantsOf lists in stacking order, so the last hit is the one drawn on top.
  return cells.findLast((cell) => hitTestNode(doc, cell.id, local));
}
