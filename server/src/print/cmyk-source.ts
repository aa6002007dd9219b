import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { blobs, images, printPhotoCopies } from '../db/schema.ts';
import {
  cachedCmykCopy,
  cmykSourceIdentity,
  convertPixelsToCmyk,
  cmykVariant,
  cmykVariantKey,
  jpegIdentity,
  type CmykJpeg,
} from '../images/cmyk-variant.ts';
import type { BlobStorage } from '../storage/index.ts';
import type { CmykPhotoSource } from './cmyk-photos.ts';
import type { CmykProfile } from '../config/output-profile.ts';

/**
 * The CMYK copies of an album's photos for its PDF/X export. The files Chromium can have embedded are the JPEG
 * variants and uploads of the album's image records whose pixel size matches an embedded photo; each is known by
 * the identity its CMYK copy names in its first bytes. A copy not made yet (a photo uploaded before copies were
 * made, or whose variants are still being made) is made now from the file and stored for the next export; so is
 * one made through another profile (`profile`: the print partner's, default Ghostscript's) or at another size
 * than the photo's print size. Photos embedded as pixels have their own copies (`pixelPhotoCopy`).
 */
export function albumCmykPhotos(
  database: Database,
  storage: BlobStorage,
  albumId: string,
  profile?: CmykProfile,
): CmykPhotoSource {
  return async (allPhotos) => {
    const found = new Map<string, CmykJpeg>();
    for (const photo of allPhotos) {
      if (!photo.pixels) continue;
      found.set(photo.identity, await pixelPhotoCopy(database, storage, albumId, photo, profile));
    }
    const photos = allPhotos.filter((photo) => !photo.pixels);
    if (photos.length === 0) return found;
    const sizes = new Set(photos.map((p) => `${p.width}x${p.height}`));
    const printSizes = new Map(photos.map((p) => [p.identity, p.print]));
    const wanted = new Set(printSizes.keys());
    const rows = await database.db
      .select({ variants: images.variants, details: images.details, blobKey: blobs.storageKey })
      .from(images)
      .innerJoin(blobs, eq(blobs.id, images.blobId))
      .where(eq(images.albumId, albumId));
    const sources = new Set<string>();
    for (const row of rows) {
      if (sizes.has(`${row.details.width}x${row.details.height}`)) sources.add(row.blobKey);
      for (const variant of Object.values(row.variants)) {
        if (variant.contentType === 'image/jpeg' && sizes.has(`${variant.width}x${variant.height}`))
          sources.add(variant.key);
      }
    }
    // A few files at a time: reading them is the storage's work (the disk, or S3), not this thread's.
    const identities = await mapConcurrently([...sources], LOOKUPS_AT_ONCE, (key) =>
      identityOf(storage, key),
    );
    const chosen = [...sources].flatMap((key, i) => {
      const identity = identities[i];
      return identity && wanted.delete(identity) ? [{ key, identity }] : [];
    });
    const copies = await mapConcurrently(chosen, LOOKUPS_AT_ONCE, ({ key, identity }) =>
      cmykVariant(storage, key, { profile, size: printSizes.get(identity) }),
    );
    chosen.forEach(({ identity }, i) => found.set(identity, copies[i]));
    return found;
  };
}

/** Files looked up or read at the same time for one export. */
const LOOKUPS_AT_ONCE = 4;

/** `work` over the items, at most `limit` at a time; answers in the items' order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The CMYK copy of a photo Chromium embedded as pixels (a PNG with transparency, a photo with filters), stored
 * under the album and named after its pixels (`print-cmyk/<album>/<identity>.jpg`): made once, then read by every
 * later export through the same profile, and made again through another one. The copy's row in
 * `print_photo_copies` lets the album's deletion find its file.
 */
async function pixelPhotoCopy(
  database: Database,
  storage: BlobStorage,
  albumId: string,
  photo: Parameters<CmykPhotoSource>[0][number],
  profile: CmykProfile | undefined,
): Promise<CmykJpeg> {
  const key = `print-cmyk/${albumId}/${photo.identity}.jpg`;
  await database.db.insert(printPhotoCopies).values({ storageKey: key, albumId }).onConflictDoNothing();
  return cachedCmykCopy(storage, key, { profile, size: photo.print }, (chosen, size) =>
    convertPixelsToCmyk(photo.pixels!(), photo, photo.identity, { profile: chosen, size }),
  );
}

/** The source identity, from the CMYK copy's first bytes when it exists, else from the (JPEG) file itself. */
async function identityOf(storage: BlobStorage, key: string): Promise<string | undefined> {
  const copy = cmykVariantKey(key);
  if (await storage.stat(copy)) {
    const identity = cmykSourceIdentity(await storage.readHead(copy, 256));
    if (identity) return identity;
  }
  const head = await storage.readHead(key, 2);
  if (head[0] !== 0xff || head[1] !== 0xd8) return undefined;
  return jpegIdentity(await storage.read(key));
}
