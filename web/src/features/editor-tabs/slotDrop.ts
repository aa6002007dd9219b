/**
 * A photo dragged onto an empty image slot fills it (SPEC §4 canvas drops, §5 layout slots): the slot is an Image
 * element without a photo — a layout's background slot or a placeholder frame — and the topmost one under the
 * pointer wins (model `emptyImageSlotAt`). While the drag is over it, `editor.dropTarget` names it so the canvas
 * can highlight it. Anywhere else the drop keeps its usual meaning (a new Image element at the drop point).
 */
import { emptyImageSlotAt, fillImageSlot, type Point, type SlotPhoto } from '@stickerbook/model';
import type { Editor } from '../../editor/Editor.ts';
import { spreadIdAtPoint, spreadLayout } from '../../editor/camera/layout.ts';
import { track } from '../../analytics/index.ts';
import { runChange } from './editorHooks.ts';

/** The id of the empty image slot under a canvas point (mm), if any. */
export function emptySlotUnder(editor: Editor, point: Point): string | undefined {
  const doc = editor.doc;
  const spreadId = spreadIdAtPoint(doc, point);
  if (!spreadId) return undefined;
  const origin = spreadLayout(doc).rects.get(spreadId)!;
  return emptyImageSlotAt(doc, spreadId, { x: point.x - origin.x, y: point.y - origin.y })?.id;
}

/**
 * Fills the empty slot under a canvas point with the photo, cropped to cover it, as one history entry, and
 * selects it. True when a slot took the drop (also when a read-only album refused the change, so the refusal is
 * said once); false when there is no empty slot there and the caller places the photo its usual way.
 */
export function fillSlotUnder(editor: Editor, point: Point, photo: SlotPhoto): boolean {
  const slotId = emptySlotUnder(editor, point);
  if (!slotId) return false;
  const filled = runChange(editor, 'fill image slot', (doc) => fillImageSlot(doc, slotId, photo), {
    select: true,
  });
  if (filled)
    track('Background Image Placed', { source: 'pexelsId' in photo ? 'stock' : 'album_images', slot: true });
  return true;
}
