/**
 * Swapping one image record for another wherever the album uses it: Image elements (`image`) and sticker photos
 * (`sticker.image`). The images panel's AI edit offers it as 'replace', so an edited photo takes the original's
 * place on every spread in one undoable step.
 */
import { updateElement, updateSticker, type AlbumDocument, type Change } from '@stickerbook/model';

/** How many Image elements and stickers show the image. */
export function imageUses(doc: AlbumDocument, imageId: string): number {
  const elements = Object.values(doc.nodes).filter(
    (node) => node.type === 'Image' && node.props.image === imageId,
  ).length;
  const stickers = Object.values(doc.stickers).filter((sticker) => sticker.image === imageId).length;
  return elements + stickers;
}

export function replaceImageEverywhere(doc: AlbumDocument, fromId: string, toId: string): Change {
  const patches: Change['patches'] = [];
  for (const node of Object.values(doc.nodes)) {
    if (node.type === 'Image' && node.props.image === fromId)
      patches.push(...updateElement(doc, node.id, { image: toId }).patches);
  }
  for (const sticker of Object.values(doc.stickers)) {
    if (sticker.image === fromId) patches.push(...updateSticker(doc, sticker.id, { image: toId }).patches);
  }
  return { patches, selection: [] };
}
