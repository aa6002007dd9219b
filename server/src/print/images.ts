import type { ImageVariantName } from '@stickerbook/model';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { images } from '../db/schema.ts';
import { findBlob } from '../images/repository.ts';
import { createStorage } from '../storage/index.ts';
import type { RenderImage, RenderImageSource } from './image-source.ts';

const VARIANTS: readonly ImageVariantName[] = ['small', 'medium', 'large', 'full', 'original'];

/**
 * The album's image records (issue 5) as the print route needs them: pixel size of the original and a signed
 * read URL per variant from the shared storage. `original` is the uploaded file itself whenever it is upright
 * sRGB, so print embeds the untouched bytes; until variants are made every URL is the uploaded file.
 * Only records of this album are returned, whatever ids its document names.
 */
export function createRenderImageSource(ctx: AppContext): RenderImageSource {
  const { storage } = createStorage(ctx.config);
  const db = ctx.database.db;
  return async (albumId, imageIds) => {
    if (imageIds.length === 0) return {};
    const rows = await db
      .select()
      .from(images)
      .where(and(eq(images.albumId, albumId), inArray(images.id, [...imageIds])));
    const out: Record<string, RenderImage> = {};
    for (const row of rows) {
      const blob = await findBlob(db, row.blobId);
      const uploaded = blob ? await storage.readUrl(blob.storageKey, row.contentType) : undefined;
      const urls: RenderImage['urls'] = {};
      for (const name of VARIANTS) {
        const variant = row.variantsState === 'finished' ? row.variants[name] : undefined;
        const url = variant ? await storage.readUrl(variant.key, variant.contentType) : uploaded;
        if (url) urls[name] = url;
      }
      out[row.id] = { width: row.details.width, height: row.details.height, urls };
    }
    return out;
  };
}
