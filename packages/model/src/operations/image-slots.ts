/**
 * Image slots (SPEC §5 layout slots): an Image element without a photo waits to be filled — a layout's
 * background slot (the bottom layer of a content spread, drawn in the editor as a light page with an image icon)
 * or a placeholder frame the owner drew. The spread creation modal fills background slots with its dropped
 * photos; a photo dragged onto the canvas fills the empty slot under the pointer (SPEC §4 canvas drops).
 */
import type { AlbumDocument, DocNode } from '../document.ts';
import { hitTestNode, inPaintOrder, type Point } from '../geometry.ts';
import { childrenOf } from '../tree.ts';
import { updateElement } from './elements.ts';
import type { Change } from './shared.ts';

/** What fills a slot: an image record of the album, or a stock photo (SPEC §3 `pexelsId`). */
export type SlotPhoto = { image: string } | { pexelsId: number };

/** Whether a node is an Image element that shows no photo yet. */
export function isEmptyImageSlot(node: DocNode): boolean {
  if (node.type !== 'Image') return false;
  const { image, pexelsId } = node.props;
  return !(typeof image === 'string' && image !== '') && typeof pexelsId !== 'number';
}

/** The spread's unlocked Image elements, through groups, bottom to top as they are drawn. */
function imagesInPaintOrder(doc: AlbumDocument, parentId: string): DocNode[] {
  return inPaintOrder(childrenOf(doc, parentId)).flatMap((node) => {
    // SPEC §4: locked elements cannot be interacted with; a locked group locks what it holds.
    if (node.props.locked === true) return [];
    if (node.type === 'Group') return imagesInPaintOrder(doc, node.id);
    return node.type === 'Image' ? [node] : [];
  });
}

/**
 * The empty slot a photo dropped at a point of a spread (spread millimetres) fills: the topmost Image under the
 * point when it has no photo. Only Images compete, because a background slot lies under its layout's page tints
 * and sticker cells and must still take the drop; a photo placed over a slot keeps the drop for itself (it then
 * becomes a new element, as before), so the user fills what they see.
 */
export function emptyImageSlotAt(doc: AlbumDocument, spreadId: string, point: Point): DocNode | undefined {
  const top = imagesInPaintOrder(doc, spreadId).findLast((node) => hitTestNode(doc, node.id, point));
  return top && isEmptyImageSlot(top) ? top : undefined;
}

/**
 * Puts a photo into an Image element. The crop goes back to the default, so the photo covers the frame centred
 * (the renderer scales a photo to cover its frame at cscale 1); the frame's size, place and look stay.
 */
export function fillImageSlot(doc: AlbumDocument, elementId: string, photo: SlotPhoto): Change {
  return updateElement(doc, elementId, {
    image: 'image' in photo ? photo.image : undefined,
    pexelsId: 'pexelsId' in photo ? photo.pexelsId : undefined,
    cx: undefined,
    cy: undefined,
    cscale: undefined,
    crotation: undefined,
  });
}
