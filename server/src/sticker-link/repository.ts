import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { albums, stickerUploads, type StickerUploadDetails } from '../db/schema.ts';

export type StickerUploadRow = typeof stickerUploads.$inferSelect;
export type AlbumRow = typeof albums.$inferSelect;

/** The album whose sticker link has this token (active or not); undefined for an unknown token. */
export async function findAlbumByStickerToken(db: Db, token: string): Promise<AlbumRow | undefined> {
  const [album] = await db
    .select()
    .from(albums)
    .where(sql`${albums.settings}->>'stickerUploadToken' = ${token}`)
    .limit(1);
  return album;
}

export async function insertStickerUpload(
  db: Db,
  values: Omit<typeof stickerUploads.$inferInsert, 'id'>,
): Promise<StickerUploadRow> {
  const [row] = await db
    .insert(stickerUploads)
    .values({ ...values, id: randomBytes(12).toString('base64url') })
    .returning();
  return row;
}

export async function listStickerUploads(db: Db, albumId: string): Promise<StickerUploadRow[]> {
  return db
    .select()
    .from(stickerUploads)
    .where(eq(stickerUploads.albumId, albumId))
    .orderBy(desc(stickerUploads.createdAt));
}

export async function listStickerUploadsOfClient(
  db: Db,
  albumId: string,
  clientId: string,
): Promise<StickerUploadRow[]> {
  return db
    .select()
    .from(stickerUploads)
    .where(and(eq(stickerUploads.albumId, albumId), eq(stickerUploads.clientId, clientId)))
    .orderBy(desc(stickerUploads.createdAt));
}

export async function findStickerUpload(db: Db, id: string): Promise<StickerUploadRow | undefined> {
  const [row] = await db.select().from(stickerUploads).where(eq(stickerUploads.id, id));
  return row;
}

export async function setStickerUploadDetails(
  db: Db,
  id: string,
  details: StickerUploadDetails,
): Promise<void> {
  await db.update(stickerUploads).set({ details }).where(eq(stickerUploads.id, id));
}

/** Marks the not yet merged uploads among `ids` merged and returns them: two merges never take the same upload. */
export async function claimForMerge(
  db: Db,
  albumId: string,
  ids: string[],
  mergedAt: Date,
): Promise<StickerUploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(stickerUploads)
    .set({ mergedAt })
    .where(
      and(
        eq(stickerUploads.albumId, albumId),
        inArray(stickerUploads.id, ids),
        isNull(stickerUploads.mergedAt),
      ),
    )
    .returning();
}

export async function releaseMergeClaim(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0)
    await db.update(stickerUploads).set({ mergedAt: null }).where(inArray(stickerUploads.id, ids));
}

export async function setStickerId(db: Db, id: string, stickerId: string): Promise<void> {
  await db.update(stickerUploads).set({ stickerId }).where(eq(stickerUploads.id, id));
}

export async function deleteStickerUploadRow(db: Db, id: string): Promise<void> {
  await db.delete(stickerUploads).where(eq(stickerUploads.id, id));
}
