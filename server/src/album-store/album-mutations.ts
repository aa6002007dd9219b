/**
 * The mutation log as the sync path writes it (DESIGN.md "The album document"): a saved mutation is its log row
 * and the album's new `version`, in one statement guarded by the version the instance's cache was built on, so
 * two server instances never overwrite each other. The stored document (`albums.workspace`) is not touched
 * here: it is a snapshot at `albums.snapshot_version`, brought forward later by `foldAlbumDocument`
 * (albums.ts), and readers apply the log after it (`currentAlbumDocument`).
 */
import type { Patch } from '@stickerbook/model';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/access-tokens.ts';
import { isAdmin, ownerIdentifierOf } from '../auth/access-tokens.ts';
import type { Db } from '../db/database.ts';
import { albumMutations, albums } from '../db/schema.ts';

/** Who may write, as a condition on the album row: admins always; owner and collaborators while unlocked. */
function mayWrite(albumId: string, principal: Principal): SQL {
  if (isAdmin(principal)) return sql`true`;
  const member =
    principal.kind === 'user'
      ? sql`exists (select 1 from album_members m where m.album_id = ${albumId} and m.user_id = ${principal.id})`
      : sql`false`;
  return sql`(not ${albums.locked} and (${albums.ownerIdentifier} = ${ownerIdentifierOf(principal)} or ${member}))`;
}

interface MutationToStore {
  patches: readonly Patch[];
  principal: Principal;
  clientId: string;
  mutationId: string;
}

export interface BatchToStore {
  albumId: string;
  /** The version the first mutation was applied to (the instance's cached document). */
  baseVersion: number;
  /** Applied in this order; they get versions baseVersion + 1, + 2, ... */
  mutations: readonly MutationToStore[];
}

/** The album moved on (another instance, PATCH /albums), was locked, a principal lost access, or a mutation
 * id of the batch was stored before: nothing was written; reload and find out which. */
export type StoreResult = { kind: 'stored' } | { kind: 'stale' };

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Stores the mutations' log rows and the album's new version in one statement, so one transaction and one round
 * trip: the version moves only from the expected one, when every sender may write and no mutation id was stored
 * before; the log rows are inserted only if it moved. A concurrent writer of the same album waits for the row
 * lock and then finds the version moved on. The row update leaves the (TOASTed, hundreds of kB) document
 * untouched, so it costs the same on a large album as on an empty one. Several mutations queued for one album
 * are stored together (group commit).
 */
export async function storeMutations(db: Db, batch: BatchToStore): Promise<StoreResult> {
  const last = batch.baseVersion + batch.mutations.length;
  const principals = new Map(batch.mutations.map((m) => [ownerIdentifierOf(m.principal), m.principal]));
  const allMayWrite = sql.join(
    [...principals.values()].map((principal) => mayWrite(batch.albumId, principal)),
    sql` and `,
  );
  const ids = `{${batch.mutations.map((m) => `"${m.mutationId}"`).join(',')}}`;
  const rows = sql.join(
    batch.mutations.map(
      (m, i) =>
        sql`(${batch.baseVersion + i + 1}::integer, ${JSON.stringify(m.patches)}::jsonb, ${ownerIdentifierOf(m.principal)}::text, ${m.clientId}::text, ${m.mutationId}::text)`,
    ),
    sql`, `,
  );
  const inserted = rowsOf(
    await db.execute(sql`
      with updated as (
        update albums set version = ${last}, updated_at = now()
        where id = ${batch.albumId} and version = ${batch.baseVersion} and ${allMayWrite}
          and not exists (select 1 from album_mutations
                          where album_id = ${batch.albumId} and mutation_id = any(${ids}::text[]))
        returning id
      )
      insert into album_mutations (album_id, version, patches, user_identifier, client_id, mutation_id)
      select updated.id, v.version, v.patches, v.user_identifier, v.client_id, v.mutation_id
      from updated, (values ${rows}) as v(version, patches, user_identifier, client_id, mutation_id)
      returning version`),
  );
  return inserted.length === batch.mutations.length ? { kind: 'stored' } : { kind: 'stale' };
}

export async function findMutationVersion(
  db: Db,
  albumId: string,
  mutationId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ version: albumMutations.version })
    .from(albumMutations)
    .where(and(eq(albumMutations.albumId, albumId), eq(albumMutations.mutationId, mutationId)));
  return row?.version;
}

export interface LoggedMutation {
  version: number;
  patches: Patch[];
  clientId: string | null;
  mutationId: string | null;
}

/** The log after `sinceVersion`, oldest first: how a client fills a gap without reloading the album. */
export async function mutationsSince(
  db: Db,
  albumId: string,
  sinceVersion: number,
  limit: number,
): Promise<LoggedMutation[]> {
  const rows = await db
    .select({
      version: albumMutations.version,
      patches: albumMutations.patches,
      clientId: albumMutations.clientId,
      mutationId: albumMutations.mutationId,
    })
    .from(albumMutations)
    .where(and(eq(albumMutations.albumId, albumId), gt(albumMutations.version, sinceVersion)))
    .orderBy(asc(albumMutations.version))
    .limit(limit);
  return rows.map((row) => ({ ...row, patches: row.patches as Patch[] }));
}
