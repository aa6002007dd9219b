import type { ImageView } from '@stickerbook/api';
import type { Db } from '../db/database.ts';
import type { ImageVariantName } from '../db/schema.ts';
import type { BlobStorage } from '../storage/index.ts';
import { findBlob, type BlobRow, type ImageRow } from './repository.ts';
import { VARIANT_NAMES } from './variants.ts';

export type { ImageView };

export async function toImageView(
  storage: BlobStorage,
  image: ImageRow,
  blob: BlobRow | undefined,
): Promise<ImageView> {
  const finished = image.variantsState === 'finished';
  const originalUrl = blob ? await storage.readUrl(blob.storageKey, image.contentType) : '';
  const urls = {} as Record<ImageVariantName, string>;
  const dimensions: ImageView['dimensions'] = {};
  for (const name of VARIANT_NAMES) {
    const variant = image.variants[name];
    if (finished && variant) {
      urls[name] = await storage.readUrl(variant.key, variant.contentType);
      dimensions[name] = { width: variant.width, height: variant.height };
    } else {
      urls[name] = originalUrl;
    }
  }
  const meta = image.meta as { byteSize?: number };
  return {
    id: image.id,
    album_id: image.albumId,
    model: image.model,
    state: image.variantsState,
    blueprint_image: image.blueprintImage,
    original_image_id: image.originalImageId,
    blob: { filename: image.filename, ...urls },
    details: image.details,
    meta: {
      content_type: image.contentType,
      byte_size: meta.byteSize,
      ...(image.variantsError ? { error: 'VARIANTS_FAILED' } : {}),
    },
    dimensions,
    tags: image.tags,
    created_at: image.createdAt.toISOString(),
  };
}

/** An image row as the API returns it, with its blob looked up (URLs of the original and the variants). */
export async function imageView(db: Db, storage: BlobStorage, image: ImageRow): Promise<ImageView> {
  return toImageView(storage, image, await findBlob(db, image.blobId));
}
