import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { ImageVariantName } from '../db/schema.ts';
import type { BlobStorage } from '../storage/index.ts';
import { findBlob, type BlobRow, type ImageRow } from './repository.ts';
import { VARIANT_NAMES } from './variants.ts';

const faceSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const sizeSchema = z.object({ width: z.number(), height: z.number() });

/** SPEC §3 image record as the API returns it. */
export const imageSchema = z.object({
  id: z.string(),
  album_id: z.string(),
  model: z.enum(['image', 'sticker']),
  /** Variant generation: queued -> working -> finished | error. Until finished every URL is the original. */
  state: z.enum(['queued', 'working', 'finished', 'error']),
  blueprint_image: z.boolean(),
  original_image_id: z.string().nullable(),
  blob: z.object({
    filename: z.string(),
    full: z.string(),
    large: z.string(),
    medium: z.string(),
    original: z.string(),
    small: z.string(),
  }),
  details: z.object({ width: z.number(), height: z.number(), face: faceSchema.nullable().optional() }),
  meta: z.object({
    content_type: z.string(),
    byte_size: z.number().optional(),
    error: z.string().optional(),
  }),
  /** Pixel size of each variant that exists. */
  dimensions: z.partialRecord(z.enum(['small', 'medium', 'large', 'full', 'original']), sizeSchema),
  tags: z.array(z.string()),
  created_at: z.string(),
});
export type ImageView = z.infer<typeof imageSchema>;

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
