import { PGlite } from '@electric-sql/pglite';
import { applyPatches, type AlbumDocument, type Patch } from '@stickerbook/model';
import { and, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { isAdmin, ownerIdentifierOf, type Principal } from '../auth/access-tokens.ts';
import type { Db } from '../db/database.ts';
import { albumMembers, albums, organizations } from '../db/schema.ts';

export type AlbumRow = typeof albums.$inferSelect;
export type AlbumAccess = 'owner' | 'collaborator' | 'admin';

/** 128 random bits as 22 base64url characters: album ids appear in share links, so they must not be guessable. */
const newAlbumId = () => randomBytes(16).toString('base64url');

/** 'SB-' + 8 characters without look-alikes (0/O, 1/I), easy to read out on the phone. */
function newAlbumIdentifier(): string {
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
 * The album with its current document and how the principal may use it, or undefined when they may not see it
 * at all (the caller answers 404 so ids don't leak). Callers that need no document take `findAlbumHeaderFor`.
 */
export async function findAlbumFor(
  db: Db,
  id: string,
  principal: Principal,
): Promise<{ album: AlbumRow; access: AlbumAccess } | undefined> {
  const album = await findAlbumRow(db, id);
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

/** What says whether a cached album view is still current, and the principal's access to the album. */
export interface AlbumFreshness {
  version: number;
  updatedAt: Date;
  organizationId: string | null;
  access: AlbumAccess;
  /**
   * Count and newest creation time of the album's image records: the preflight (albums/checks-cache.ts) judges
   * placed images by their records' pixel sizes, which change without the document changing.
   */
  imagesStamp: string;
}

const freshnessQueries = new WeakMap<Db, ReturnType<typeof prepareFreshness>>();

interface FreshnessRow {
  version: number;
  updatedAt: Date;
  organizationId: string | null;
  ownerIdentifier: string;
  member: boolean;
  imagesStamp: string;
}

/**
 * prepareFreshness's statement for PGlite (see albumFreshness), as the function album_freshness (migration
 * 0021_orders-hot-path): PGlite has no named prepared statements, and a function keeps its plan for the session
 * instead of parsing and planning the statement on every request.
 */
const FRESHNESS_SQL = 'select * from album_freshness($1, $2)';
interface FreshnessSqlRow {
  version: number;
  updated_at: Date;
  organization_id: string | null;
  owner_identifier: string;
  member: boolean;
  images_stamp: string;
}

function prepareFreshness(db: Db) {
  return db
    .select({
      version: albums.version,
      updatedAt: albums.updatedAt,
      organizationId: albums.organizationId,
      ownerIdentifier: albums.ownerIdentifier,
      member: sql<boolean>`exists (select 1 from album_members m
        where m.album_id = ${albums.id} and m.user_id::text = ${sql.placeholder('userId')})`,
      // Qualified by hand: drizzle writes a lone column unqualified, and images has an "id" of its own.
      imagesStamp: sql<string>`(select count(*)::text || ':' || coalesce(max(i.created_at)::text, '')
        from images i where i.album_id = "albums"."id")`,
    })
    .from(albums)
    .where(eq(albums.id, sql.placeholder('id')))
    .prepare('album_freshness');
}

/**
 * The hot path of GET /albums/:id: one small prepared statement answers both "may this principal see the
 * album" and "which version and change time is it at" (every write bumps one of them), so a cached view can be
 * served without reading the album. Membership and ownership are read on every call, never cached, so a
 * revoked collaborator or a moved album is noticed at once on every instance.
 */
export async function albumFreshness(
  db: Db,
  id: string,
  principal: Principal,
): Promise<AlbumFreshness | undefined> {
  const userId = principal.kind === 'user' ? principal.id : '';
  const client = (db as { $client?: unknown }).$client;
  let row: FreshnessRow | undefined;
  if (client instanceof PGlite) {
    // Straight to PGlite: drizzle hands it drizzle's own type parsers with every query, and PGlite copies its
    // whole parser table for each such query (~0.1 ms, a tenth of this route's CPU on the embedded database).
    const { rows } = await client.query<FreshnessSqlRow>(FRESHNESS_SQL, [id, userId]);
    const found = rows[0];
    row = found && {
      version: found.version,
      updatedAt: found.updated_at,
      organizationId: found.organization_id,
      ownerIdentifier: found.owner_identifier,
      member: found.member,
      imagesStamp: found.images_stamp,
    };
  } else {
    let query = freshnessQueries.get(db);
    if (!query) freshnessQueries.set(db, (query = prepareFreshness(db)));
    [row] = await query.execute({ id, userId });
  }
  if (!row) return undefined;
  const access: AlbumAccess | undefined =
    row.ownerIdentifier === ownerIdentifierOf(principal)
      ? 'owner'
      : row.member
        ? 'collaborator'
        : isAdmin(principal)
          ? 'admin'
          : undefined;
  return (
    access && {
      version: row.version,
      updatedAt: row.updatedAt,
      organizationId: row.organizationId,
      access,
      imagesStamp: row.imagesStamp,
    }
  );
}

// The current document: snapshot + log tail (DESIGN.md "The album document", docs/realtime.md) ---------------

/**
 * A tail this long is folded into the stored document by the reader that found it (the sync service folds
 * after 200 mutations or 2 s of quiet; this bounds the tail when an instance stopped before it could).
 */
export const FOLD_ON_READ_TAIL = 100;

/**
 * `albums.workspace` is a snapshot at `snapshot_version`; the mutations after it are only in the log. One
 * statement reads the header, the snapshot as text and the log rows in (snapshot_version, version], so the
 * three belong to the same moment (the log rows of a version commit with it and are never rewritten).
 */
async function readSnapshotAndTail(
  db: Db,
  id: string,
): Promise<
  { header: AlbumHeader; snapshot: string; tail: Patch[] | undefined; tailLength: number } | undefined
> {
  const [row] = await db
    .select({
      ...headerColumns,
      snapshot: sql<string>`${albums.workspace}::text`,
      tail: sql<string | null>`(select json_agg(m.patches order by m.version)::text from album_mutations m
        where m.album_id = ${albums.id} and m.version > ${albums.snapshotVersion} and m.version <= ${albums.version})`,
    })
    .from(albums)
    .where(eq(albums.id, id));
  if (!row) return undefined;
  const { snapshot, tail, ...header } = row;
  const mutations = tail === null ? [] : (JSON.parse(tail) as Patch[][]);
  return {
    header,
    snapshot,
    tail: mutations.length === 0 ? undefined : mutations.flat(),
    tailLength: mutations.length,
  };
}

/** Reads snapshot + tail, applies the tail, and folds a long tail into the stored document on the way. */
async function readCurrent(db: Db, id: string) {
  const read = await readSnapshotAndTail(db, id);
  if (!read) return undefined;
  const snapshot = JSON.parse(read.snapshot) as AlbumDocument;
  // One pass over all tail patches: the mutations apply in version order, as their concatenation does.
  const doc = read.tail ? applyPatches(snapshot, read.tail) : snapshot;
  if (read.tailLength >= FOLD_ON_READ_TAIL) await foldAlbumDocument(db, id, doc, read.header.version);
  return { header: read.header, doc, unchangedSnapshot: read.tail ? undefined : read.snapshot };
}

/**
 * The album row with its current document (snapshot + log tail). Every reader of an album's document goes
 * through this or `currentAlbumDocument`/`albumWorkspaceJson`; `albums.workspace` alone may be behind.
 */
export async function findAlbumRow(db: Db, id: string): Promise<AlbumRow | undefined> {
  const current = await readCurrent(db, id);
  return current && { ...current.header, workspace: current.doc };
}

export interface CurrentAlbumDocument {
  doc: AlbumDocument;
  version: number;
  snapshotVersion: number;
  locked: boolean;
}

/** The current document of an album and the version it is at. */
export async function currentAlbumDocument(db: Db, id: string): Promise<CurrentAlbumDocument | undefined> {
  const current = await readCurrent(db, id);
  return (
    current && {
      doc: current.doc,
      version: current.header.version,
      snapshotVersion: current.header.snapshotVersion,
      locked: current.header.locked,
    }
  );
}

/** The album without its document, and its current document as JSON text, read in one statement. */
export async function albumWithWorkspaceJson(
  db: Db,
  id: string,
): Promise<
  { album: AlbumHeader; json: string; settings: AlbumDocument['settings']; stickerSorts: number } | undefined
> {
  const current = await readCurrent(db, id);
  if (!current) return undefined;
  return {
    album: current.header,
    // Without a tail the stored text goes out as it is: no re-serialisation of hundreds of kB.
    json: current.unchangedSnapshot ?? JSON.stringify(current.doc),
    settings: current.doc.settings,
    stickerSorts: Object.keys(current.doc.stickers).length,
  };
}

/** The current album document as JSON text, with the version and change time it belongs to. */
export async function albumWorkspaceJson(
  db: Db,
  id: string,
): Promise<
  { version: number; updatedAt: Date; json: string; settings: AlbumDocument['settings'] } | undefined
> {
  const current = await readCurrent(db, id);
  if (!current) return undefined;
  return {
    version: current.header.version,
    updatedAt: current.header.updatedAt,
    // Without a tail the stored text goes out as it is: no re-serialisation of hundreds of kB.
    json: current.unchangedSnapshot ?? JSON.stringify(current.doc),
    settings: current.doc.settings,
  };
}

/**
 * Stores `doc`, the document at `version`, as the album's snapshot, unless a snapshot at `version` or later is
 * there already (another instance folded meanwhile): safe to run on any number of instances at once, because
 * each writes a complete document of a version it read from the database, and the snapshot only moves forward.
 * Neither `version` nor `updated_at` change: the current document is the same before and after.
 */
export async function foldAlbumDocument(
  db: Db,
  id: string,
  doc: AlbumDocument,
  version: number,
): Promise<boolean> {
  const folded = await db
    .update(albums)
    .set({ workspace: sql`${JSON.stringify(doc)}::jsonb`, snapshotVersion: version })
    .where(
      and(
        eq(albums.id, id),
        sql`${albums.snapshotVersion} < ${version}`,
        sql`${albums.version} >= ${version}`,
      ),
    )
    .returning({ id: albums.id });
  return folded.length > 0;
}

/** Own albums and albums shared with the principal, newest first. */
export async function listAlbumsFor(db: Db, principal: Principal): Promise<AlbumHeader[]> {
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
    .select(headerColumns)
    .from(albums)
    .where(shared ? or(own, shared) : own)
    .orderBy(desc(albums.createdAt));
}

/**
 * Changes the album's own fields. The document is not one of them: it changes only through the mutation log
 * (AlbumSyncService.submit), so open editors receive every change. Returns the album with its current document.
 */
export async function updateAlbum(
  db: Db,
  id: string,
  values: Omit<Partial<typeof albums.$inferInsert>, 'workspace' | 'version' | 'snapshotVersion'>,
): Promise<AlbumRow> {
  await db
    .update(albums)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(albums.id, id));
  const row = await findAlbumRow(db, id);
  if (!row) throw new Error(`album ${id} disappeared while it was being changed`);
  return row;
}

/**
 * Replaces the whole document outside the log, as a new version: for setting up fixtures and imports only.
 * Open editors notice the version gap and reload; anything that should reach them goes through the log.
 */
export async function replaceAlbumDocument(db: Db, id: string, doc: AlbumDocument): Promise<void> {
  await db
    .update(albums)
    .set({
      workspace: doc,
      version: sql`${albums.version} + 1`,
      snapshotVersion: sql`${albums.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(albums.id, id));
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
