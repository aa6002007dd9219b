import type { AlbumDocument, ImageVariantName } from '@stickerbook/model';

/** What the print route needs of an image: its pixel size and where each variant can be fetched without a login. */
export interface RenderImage {
  width: number;
  height: number;
  urls: Partial<Record<ImageVariantName, string>>;
}

/**
 * Where image URLs come from (DESIGN.md "Files"): the image records of the album and the storage they live in.
 * Kept as a function so the print code does not depend on how uploads are stored; `images.ts` in this folder
 * points it at the image records, tests can hand in their own.
 */
export type RenderImageSource = (
  albumId: string,
  imageIds: readonly string[],
) => Promise<Record<string, RenderImage>>;

/** Every image record id the document draws: Image elements and sticker photos (stock photos are not records). */
export function imageIdsOf(doc: AlbumDocument): string[] {
  const ids = new Set<string>();
  for (const node of Object.values(doc.nodes)) {
    if (node.type === 'Image' && typeof node.props.image === 'string' && node.props.image !== '')
      ids.add(node.props.image);
  }
  for (const sticker of Object.values(doc.stickers)) {
    if (typeof sticker.image === 'string' && sticker.image !== '') ids.add(sticker.image);
  }
  return [...ids];
}
