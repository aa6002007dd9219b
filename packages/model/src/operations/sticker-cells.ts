/**
 * Dropping a sticker on the canvas (SPEC §4 canvas drops): on a spread it creates a sticker cell (50 x 70, a
 * double sticker 100 x 70) centred on the drop point and places the sticker in it; on an existing cell it places
 * the sticker there (`placeSticker`). The sticker leaves any cell it was in and joins the spread's section.
 */
import { DOUBLE_STICKER_CELL_MM, STICKER_CELL_MM, SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM } from '../document.ts';
import type { AlbumDocument } from '../document.ts';
import { createId, type IdFactory } from '../ids.ts';
import { applyPatches } from '../patches.ts';
import { sectionOf } from '../tree.ts';
import { insertElement } from './elements.ts';
import { requireSpread, round9, type Change } from './shared.ts';
import { placeSticker, requireSticker } from './stickers.ts';

export function stickerCellSize(doubleSticker: boolean): { width: number; height: number } {
  return doubleSticker ? { ...DOUBLE_STICKER_CELL_MM } : { ...STICKER_CELL_MM };
}

/** Creates a cell for the sticker centred on `centre` (spread mm, kept inside the spread) and places it. */
export function placeStickerOnSpread(
  doc: AlbumDocument,
  stickerId: string,
  spreadId: string,
  centre: { x: number; y: number },
  newId: IdFactory = createId,
): Change {
  const sticker = requireSticker(doc, stickerId);
  requireSpread(doc, spreadId);
  const { width, height } = stickerCellSize(sticker.doubleSticker);
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  const sectionId = sectionOf(doc, spreadId)?.id;
  const inserted = insertElement(
    doc,
    {
      parentId: spreadId,
      type: 'StickerCell',
      props: {
        x: round9(clamp(centre.x - width / 2, SPREAD_WIDTH_MM - width)),
        y: round9(clamp(centre.y - height / 2, SPREAD_HEIGHT_MM - height)),
        width,
        height,
        ...(sectionId ? { sectionId } : {}),
      },
    },
    newId,
  );
  const cellId = inserted.selection[0];
  const placed = placeSticker(applyPatches(doc, inserted.patches), stickerId, cellId);
  return { patches: [...inserted.patches, ...placed.patches], selection: [cellId] };
}
