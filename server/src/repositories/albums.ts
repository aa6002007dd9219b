import { and, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { isAdmin, ownerIdentifierOf, type Principal } from '../auth/access-tokens.ts';
import type { Db } from '../db/database.ts';
import { albumMembers, albums, organizations } from '../db/schema.ts';

export type AlbumRow = typeof albums.$inferSelect;
export type AlbumAccess = 'owner' | 'collaborator' | 'admin';

/** 128 random bits as 22 base64url characters: album ids appear in share links, so they must not be guessable. */
export const newAlbumId = () => randomBytes(16).toString('base64url');

/** 'SB-' + 8 characters without look-alikes (0/O, 1/I), easy to read out on the phone. */
export function newAlbumIdentifier(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return 'SB-' + Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
}

export async function insertAlbum(
  db: Db,
  values: Omit<typeof albums.$inferInsert, 'id' | 'identifier'>,
): Promise<AlbumRow> {
  const [row] = await db
    .insert(albums)
    .values({ ...values, id: newAlbumId(), identifier: newAlbumIdentifier() })
    .returning();
  return row;
}

/**
 * The album and how the principal may use it, or undefined when they may not see it at all
 * (the caller answers 404 so ids don't leak).
 */
export async function findAlbumFor(
  db: Db,
  id: string,
  principal: Principal,
): Promise<{ album: AlbumRow; access: AlbumAccess } | undefined> {
  const [album] = await db.select().from(albums).where(eq(albums.id, id));
  if (!album) return undefined;
  const access = await accessTo(db, album, principal);
  return access && { album, access };
}

async function accessTo(
  db: Db,
  album: Pick<AlbumRow, 'id' | 'ownerIdentifier'>,
  principal: Principal,
): Promise<AlbumAccess | undefined> {
  if (album.ownerIdentifier === ownerIdentifierOf(principal)) return 'owner';
  if (principal.kind === 'user') {
    const [member] = await db
      .select({ userId: albumMembers.userId })
      .from(albumMembers)
      .where(and(eq(albumMembers.albumId, album.id), eq(albumMembers.userId, principal.id)));
    if (member) return 'collaborator';
  }
  if (isAdmin(principal)) return 'admin';
  return undefined;
}

const { workspace: _workspace, ...headerColumns } = getTableColumns(albums);
export type AlbumHeader = Omit<AlbumRow, 'workspace'>;

/**
 * The album without its document (hundreds of kB for a large album, which the database would have to
 * decompress even to extract one field): callers take the document from `albumWorkspaceJson`.
 */
export async function findAlbumHeaderFor(
  db: Db,
  id: string,
  principal: Principal,
): Promise<{ album: AlbumHeader; access: AlbumAccess } | undefined> {
  const [album] = await db.select(headerColumns).from(albums).where(eq(albums.id, id));
  if (!album) return undefined;
  const access = await accessTo(db, album, principal);
  return access && { album, access };
}

/** The album document as JSON text, with the version and change time it belongs to. */
export async function albumWorkspaceJson(
  db: Db,
  id: string,
): Promise<{ version: number; updatedAt: Date; json: string } | undefined> {
  const [row] = await db
    .select({
      version: albums.version,
      updatedAt: albums.updatedAt,
      json: sql<string>`${albums.workspace}::text`,
    })
    .from(albums)
    .where(eq(albums.id, id));
  return row;
}

/** Own albums and albums shared with the principal, newest first. */
export async function listAlbumsFor(db: Db, principal: Principal): Promise<AlbumRow[]> {
  const own = eq(albums.ownerIdentifier, ownerIdentifierOf(principal));
  const shared =
    principal.kind === 'user'
      ? inArray(
          albums.id,
          db
            .select({ id: albumMembers.albumId })
            .from(albumMembers)
            .where(eq(albumMembers.userId, principal.id)),
        )
      : undefined;
  return db
    .select()
    .from(albums)
    .where(shared ? or(own, shared) : own)
    .orderBy(desc(albums.createdAt));
}

export async function updateAlbum(
  db: Db,
  id: string,
  values: Partial<typeof albums.$inferInsert>,
): Promise<AlbumRow> {
  const [row] = await db
    .update(albums)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(albums.id, id))
    .returning();
  return row;
}

export async function deleteAlbum(db: Db, id: string): Promise<void> {
  await db.delete(albums).where(eq(albums.id, id));
}

/** Guest migration: the guest's albums and organizations become the user's. Returns the moved album ids. */
export async function moveAlbumsToOwner(db: Db, fromOwner: string, toOwner: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(albums)
      .set({ ownerIdentifier: toOwner, updatedAt: sql`now()` })
      .where(eq(albums.ownerIdentifier, fromOwner))
      .returning({ id: albums.id });
    await tx
      .update(organizations)
      .set({ ownerIdentifier: toOwner })
      .where(eq(organizations.ownerIdentifier, fromOwner));
    return moved.map((row) => row.id);
  });
}
