/**
 * A small stock library for installations without Pexels (PEXELS_API_KEY unset): 24 pictures, four per blueprint
 * category, drawn in stock-scenes.ts and given away under CC0. Seeded only into an empty library, so an admin who
 * builds their own library never gets these mixed in (deleting every photo brings them back on the next start).
 */
import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/database.ts';
import { blobs, stockPhotos } from '../db/schema.ts';
import { blobStorageKey, newStorageId } from '../images/repository.ts';
import { insertLibraryPhoto, makeLibraryFiles } from '../providers/stock-library/index.ts';
import type { BlobStorage } from '../storage/index.ts';
import { STOCK_SCENES } from './stock-scenes.ts';

export const SEED_PHOTOGRAPHER = 'Stickerbook (CC0)';
const SEED_OWNER = 'seed:stock-library';

/** Seeds the library when it is empty; answers how many photos it added. */
export async function seedStockLibrary(db: Db, storage: BlobStorage): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(stockPhotos);
  if (Number(total) > 0) return 0;
  let added = 0;
  for (const scene of STOCK_SCENES) {
    const jpeg = await sharp(Buffer.from(scene.svg)).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    const id = newStorageId();
    const key = blobStorageKey(id);
    await storage.put(key, jpeg, 'image/jpeg');
    await db.insert(blobs).values({
      id,
      ownerIdentifier: SEED_OWNER,
      storageKey: key,
      filename: `${scene.title.toLowerCase().replace(/\W+/g, '-')}.jpg`,
      contentType: 'image/jpeg',
      byteSize: jpeg.length,
      checksum: createHash('md5').update(jpeg).digest('base64'),
      state: 'attached',
      uploadedAt: new Date(),
    });
    const { files, width, height } = await makeLibraryFiles(storage, id, { key, contentType: 'image/jpeg' });
    await insertLibraryPhoto(db, {
      title: scene.title,
      photographer: SEED_PHOTOGRAPHER,
      photographerUrl: null,
      alt: scene.title,
      tags: [scene.category, ...scene.tags],
      blobId: id,
      width,
      height,
      files,
      createdBy: SEED_OWNER,
    });
    added++;
  }
  return added;
}
