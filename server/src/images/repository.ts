import { and, desc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { blobs, images } from '../db/schema.ts';

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

export async function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

export async function listAlbumImages(db: Db, albumId: string): Promise<ImageRow[]> {
  return db.select().from(images).where(eq(images.albumId, albumId)).orderBy(desc(images.createdAt));
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
