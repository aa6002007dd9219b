import { IMAGE_UPLOAD_MAX_PIXELS } from '@stickerbook/model';
import sharp, { type ResizeOptions } from 'sharp';
import type { StockPhotoFiles, StockPhotoSize } from '../../db/schema.ts';
import type { BlobStorage } from '../../storage/index.ts';

/**
 * The sizes Pexels offers (its `src`), made the same way for library photos so the panel and the renderer treat
 * both alike: tiny is a 280 x 200 crop, small and medium have a fixed height, large and large2x fit a box.
 */
const SIZES: Record<Exclude<StockPhotoSize, 'original'>, ResizeOptions> = {
  tiny: { width: 280, height: 200, fit: 'cover' },
  small: { height: 130, fit: 'inside' },
  medium: { height: 350, fit: 'inside' },
  large: { width: 940, height: 650, fit: 'inside' },
  large2x: { width: 1880, height: 1300, fit: 'inside' },
};

const libraryFileKey = (blobId: string, size: StockPhotoSize) => `stock/${blobId}/${size}.jpg`;

/**
 * Writes the JPEG sizes of an uploaded library photo (EXIF orientation applied, sRGB) next to the upload, which
 * stays the `original`. Returns the files and the upright pixel size.
 */
export async function makeLibraryFiles(
  storage: BlobStorage,
  blobId: string,
  original: { key: string; contentType: string },
): Promise<{ files: StockPhotoFiles; width: number; height: number }> {
  const input = await storage.read(original.key);
  const upright = await sharp(input, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS })
    .rotate()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const files = {
    original: { key: original.key, width, height, contentType: original.contentType },
  } as StockPhotoFiles;
  for (const [size, resize] of Object.entries(SIZES) as Array<[keyof typeof SIZES, ResizeOptions]>) {
    const { data, info } = await sharp(upright.data)
      .resize({ ...resize, withoutEnlargement: resize.fit !== 'cover' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const key = libraryFileKey(blobId, size);
    await storage.put(key, data, 'image/jpeg');
    files[size] = { key, width: info.width, height: info.height, contentType: 'image/jpeg' };
  }
  return { files, width, height };
}

export const libraryFileKeys = (files: StockPhotoFiles) => [
  ...new Set(Object.values(files).map((f) => f.key)),
];
