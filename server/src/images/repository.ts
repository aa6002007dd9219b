import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { blobs, images, stickerUploads } from '../db/schema.ts';

export type BlobRow = typeof blobs.$inferSelect;
export type ImageRow = typeof images.$inferSelect;

/**
 * 128 random bits as 22 base64url characters: ids appear in URLs and, for images, in album documents (whose id
 * pattern this alphabet satisfies).
 */
export const newStorageId = () => randomBytes(16).toString('base64url');

export const blobStorageKey = (blobId: string) => `blobs/${blobId}`;

export async function insertBlob(db: Db, values: Omit<typeof blobs.$inferInsert, 'id' | 'storageKey'>) {
  const id = newStorageId();
  const [row] = await db
    .insert(blobs)
    .values({ ...values, id, storageKey: blobStorageKey(id) })
    .returning();
  return row;
}

export async function findBlob(db: Db, id: string): Promise<BlobRow | undefined> {
  const [row] = await db.select().from(blobs).where(eq(blobs.id, id));
  return row;
}

/**
 * Marks a pending blob uploaded; false when there is no such blob or it was not pending (uploaded already, or in
 * use), so the caller can tell those apart on that rarer path.
 */
export async function markPendingBlobUploaded(db: Db, id: string): Promise<boolean> {
  const marked = await db
    .update(blobs)
    .set({ state: 'uploaded', uploadedAt: sql`now()` })
    .where(and(eq(blobs.id, id), eq(blobs.state, 'pending')))
    .returning({ id: blobs.id });
  return marked.length === 1;
}

/** After the server rewrote a blob's bytes (a photo scaled down): its size and MD5 follow the new content. */
export async function updateBlobContent(db: Db, id: string, bytes: Buffer): Promise<void> {
  const checksum = createHash('md5').update(bytes).digest('base64');
  await db.update(blobs).set({ byteSize: bytes.length, checksum }).where(eq(blobs.id, id));
}

export async function markBlobUploaded(db: Db, id: string): Promise<void> {
  await db
    .update(blobs)
    .set({ state: 'uploaded', uploadedAt: sql`now()` })
    .where(eq(blobs.id, id));
}

/**
 * Marks an uploaded blob as used by an image; false when it was not in the 'uploaded' state (pending, or
 * already attached by a concurrent request), so one blob never backs two records.
 */
export async function claimBlob(db: Db, id: string): Promise<boolean> {
  const claimed = await db
    .update(blobs)
    .set({ state: 'attached' })
    .where(and(eq(blobs.id, id), eq(blobs.state, 'uploaded')))
    .returning({ id: blobs.id });
  return claimed.length === 1;
}

/**
 * Claims an uploaded, unused blob of this owner for a new record in one statement (the row, or undefined when
 * it is missing, someone else's, not uploaded yet or in use: look it up to tell which).
 */
export async function claimUploadedBlob(
  db: Db,
  id: string,
  ownerIdentifier: string,
): Promise<BlobRow | undefined> {
  const [row] = await db
    .update(blobs)
    .set({ state: 'attached' })
    .where(and(eq(blobs.id, id), eq(blobs.ownerIdentifier, ownerIdentifier), eq(blobs.state, 'uploaded')))
    .returning();
  return row;
}

/** Undoes a claim whose record was not created, so the upload can be used again. */
export async function releaseBlob(db: Db, id: string): Promise<void> {
  await db
    .update(blobs)
    .set({ state: 'uploaded' })
    .where(and(eq(blobs.id, id), eq(blobs.state, 'attached')));
}

export async function deleteBlobRow(db: Db, id: string): Promise<void> {
  await db.delete(blobs).where(eq(blobs.id, id));
}

export async function insertImage(db: Db, values: Omit<typeof images.$inferInsert, 'id'>): Promise<ImageRow> {
  const [row] = await db
    .insert(images)
    .values({ ...values, id: newStorageId() })
    .returning();
  return row;
}

/** Images by id with their blobs, in one query (lists of records that each show a photo). */
export async function findImagesWithBlobs(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { image: ImageRow; blob: BlobRow | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ image: images, blob: blobs })
    .from(images)
    .leftJoin(blobs, eq(images.blobId, blobs.id))
    .where(inArray(images.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.image.id, row]));
}

export async function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

export async function listAlbumImages(db: Db, albumId: string): Promise<ImageRow[]> {
  return db.select().from(images).where(eq(images.albumId, albumId)).orderBy(desc(images.createdAt));
}

/** Who uploads through an album's public sticker link (sticker-link/public-routes.ts). */
export const STICKER_LINK_UPLOADER_PREFIX = 'sticker_link:';

/**
 * SPEC §6 "admins see otherwise hidden images": a photo sent through the public sticker link belongs to the album
 * only once the owner or a collaborator accepts it (merge, `merged_at`). Until then it is hidden from the album's
 * images (the sticker link panel shows it as a pending upload), except to admins, who see every image of the album
 * with `hidden` telling which ones the album's people do not see.
 */
export async function listAlbumImagesFor(
  db: Db,
  albumId: string,
  includeHidden: boolean,
): Promise<Array<{ image: ImageRow; hidden: boolean }>> {
  const [rows, accepted] = await Promise.all([
    listAlbumImages(db, albumId),
    db
      .select({ imageId: stickerUploads.imageId })
      .from(stickerUploads)
      .where(and(eq(stickerUploads.albumId, albumId), isNotNull(stickerUploads.mergedAt))),
  ]);
  const acceptedIds = new Set(accepted.map((row) => row.imageId));
  const listed = rows.map((image) => ({
    image,
    hidden: image.uploaderIdentifier.startsWith(STICKER_LINK_UPLOADER_PREFIX) && !acceptedIds.has(image.id),
  }));
  return includeHidden ? listed : listed.filter((row) => !row.hidden);
}

export async function updateImage(
  db: Db,
  id: string,
  values: Partial<typeof images.$inferInsert>,
): Promise<ImageRow | undefined> {
  const [row] = await db
    .update(images)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(images.id, id))
    .returning();
  return row;
}

export async function deleteImageRow(db: Db, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.delete(images).where(eq(images.id, id)).returning();
  return row;
}
