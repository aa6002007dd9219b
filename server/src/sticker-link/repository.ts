import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { albums, stickerUploads, type StickerUploadDetails } from '../db/schema.ts';

export type StickerUploadRow = typeof stickerUploads.$inferSelect;
type AlbumRow = typeof albums.$inferSelect;

/** What the public routes need of a link's album: no document (hundreds of kB), which has its own cache. */
export type StickerLinkAlbum = Pick<AlbumRow, 'id' | 'title' | 'settings' | 'version' | 'ownerIdentifier'>;

/** The album whose sticker link has this token (active or not); undefined for an unknown token. */
export async function findAlbumByStickerToken(db: Db, token: string): Promise<StickerLinkAlbum | undefined> {
  const [album] = await db
    .select({
      id: albums.id,
      title: albums.title,
      settings: albums.settings,
      version: albums.version,
      ownerIdentifier: albums.ownerIdentifier,
    })
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

/** The uploads one contributor session sent to this album, newest first. */
export async function listStickerUploadsOfSession(
  db: Db,
  albumId: string,
  sessionId: string,
): Promise<StickerUploadRow[]> {
  return db
    .select()
    .from(stickerUploads)
    .where(and(eq(stickerUploads.albumId, albumId), eq(stickerUploads.sessionId, sessionId)))
    .orderBy(desc(stickerUploads.createdAt));
}

/**
 * Replaces a contributor's own upload, in one statement that only matches while it is unmerged and theirs, so a
 * merge and a replacement never both win. Returns the row before and after, or undefined when nothing matched.
 */
export async function replaceOwnStickerUpload(
  db: Db,
  where: { id: string; albumId: string; sessionId: string },
  values: Pick<typeof stickerUploads.$inferInsert, 'name' | 'lastName' | 'position' | 'sectionId'> &
    Partial<Pick<typeof stickerUploads.$inferInsert, 'imageId' | 'details'>>,
): Promise<{ before: StickerUploadRow; after: StickerUploadRow } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(stickerUploads)
      .where(
        and(
          eq(stickerUploads.id, where.id),
          eq(stickerUploads.albumId, where.albumId),
          eq(stickerUploads.sessionId, where.sessionId),
          isNull(stickerUploads.mergedAt),
        ),
      )
      .for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(stickerUploads)
      .set(values)
      .where(eq(stickerUploads.id, where.id))
      .returning();
    return { before, after };
  });
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
