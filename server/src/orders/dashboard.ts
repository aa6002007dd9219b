/**
 * The admin dashboard's two lists (SPEC §2 Dashboard, §7 GET /{orders|albums}/dashboard, §9 paging 20, sort
 * release_date or created_at, default created_at desc).
 *
 * Built to stay fast at the size a successful shop reaches (100,000 orders, bench/src/dashboard.ts): the order
 * scopes are one indexed column, `orders.stage`, kept by a database trigger whenever an order update is added or
 * removed (migration `dashboard`), instead of EXISTS probes into the timeline per row; search is a trigram index
 * over `orders.search_text` (number, e-mail, names, organisation, album title and identifier, kept by triggers
 * too) and over album titles; every sort has an index that starts with the scope's column.
 *
 * A page is found by its ids first (`page_ids`: the sort index read on its own, an index-only scan where the
 * rows are known visible), then only its 20 rows are read, so page 200 skips 3,980 index entries instead of
 * 3,980 table rows. dashboard-upkeep.ts keeps the visibility map current where no autovacuum runs (PGlite).
 */
import { ALBUM_SCOPES, ORDER_SCOPES } from '@stickerbook/api';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { albums, orders, users } from '../db/schema.ts';

type OrderScope = (typeof ORDER_SCOPES)[number];
type AlbumScope = (typeof ALBUM_SCOPES)[number];

/** Scope → the stage the trigger keeps on the order (null: every stage). */
type Stage = (typeof orders.$inferSelect)['stage'];
const STAGE_OF_SCOPE: Record<OrderScope, Stage | null> = {
  show_all: null,
  pending_review: 'review',
  pending_transfer: 'transfer',
  pending_shipment: 'shipment',
  shipped: 'shipped',
};

export interface DashboardQuery<Scope> {
  scope: Scope;
  query: string | undefined;
  sortBy: 'release_date' | 'created_at';
  sortOrder: 'asc' | 'desc';
  page: number;
  per: number;
}

/** `%`, `_` and `\` typed into the search box are letters, not patterns. */
function containsPattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function orderSearch(query: string | undefined): SQL | undefined {
  const trimmed = query?.trim();
  if (!trimmed) return undefined;
  // search_text is stored lower-case, so LIKE (not ILIKE) lets the trigram index answer.
  return sql`${orders.searchText} like ${containsPattern(trimmed)}`;
}

/** The page of orders and the per-stage counts, as queries (EXPLAIN in the tests reads the same statements). */
export function orderDashboardQueries(db: Db, q: DashboardQuery<OrderScope>) {
  const search = orderSearch(q.query);
  const stage = STAGE_OF_SCOPE[q.scope];
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const sortColumn = q.sortBy === 'release_date' ? orders.releaseDate : orders.createdAt;
  const pageIds = db.$with('page_ids').as(
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(search, stage ? eq(orders.stage, stage) : undefined))
      .orderBy(direction(sortColumn), direction(orders.id))
      .offset((q.page - 1) * q.per)
      .limit(q.per),
  );
  return {
    page: db
      .with(pageIds)
      .select(getTableColumns(orders))
      .from(orders)
      .innerJoin(pageIds, eq(orders.id, pageIds.id))
      .orderBy(direction(sortColumn), direction(orders.id)),
    stageCounts: db
      .select({ stage: orders.stage, count: count() })
      .from(orders)
      .where(search)
      .groupBy(orders.stage),
  };
}

/** The count badges without a search: the trigger-kept counters of migration 0014 (no count of 100,000 rows). */
async function storedCounts(db: Db): Promise<Map<string, number>> {
  const result = await db.execute<{ key: string; n: string | number }>(
    sql`select key, n from dashboard_counters`,
  );
  const rows = (
    Array.isArray(result) ? result : (result as { rows: Array<{ key: string; n: string | number }> }).rows
  ) as Array<{
    key: string;
    n: string | number;
  }>;
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

export async function orderDashboardPage(db: Db, q: DashboardQuery<OrderScope>) {
  const queries = orderDashboardQueries(db, q);
  const searching = Boolean(q.query?.trim());
  const [rows, stageCounts] = await Promise.all([
    queries.page,
    searching
      ? queries.stageCounts
      : storedCounts(db).then((stored) =>
          ['review', 'transfer', 'shipment', 'shipped'].map((stage) => ({
            stage,
            count: stored.get(`orders:${stage}`) ?? 0,
          })),
        ),
  ]);
  const counts: Record<OrderScope, number> = {
    show_all: 0,
    pending_review: 0,
    pending_transfer: 0,
    pending_shipment: 0,
    shipped: 0,
  };
  for (const scope of ORDER_SCOPES) {
    const wanted = STAGE_OF_SCOPE[scope];
    for (const row of stageCounts) if (wanted === null || row.stage === wanted) counts[scope] += row.count;
  }
  return { rows, counts, total: counts[q.scope] };
}

function albumScopeCondition(scope: AlbumScope, now: Date): SQL | undefined {
  if (scope === 'with_order') return eq(albums.hasOrder, true);
  if (scope === 'updated_today') {
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    return gte(albums.updatedAt, startOfDay);
  }
  return undefined;
}

function albumSearch(query: string | undefined): SQL | undefined {
  const trimmed = query?.trim();
  if (!trimmed) return undefined;
  const pattern = containsPattern(trimmed);
  // The same expression as the trigram index albums_search_idx, so the index answers.
  return sql`lower(${albums.title} || ' ' || ${albums.identifier}) like ${pattern}`;
}

const albumColumns = {
  id: albums.id,
  title: albums.title,
  identifier: albums.identifier,
  language: albums.language,
  category: albums.category,
  blueprintCategory: albums.blueprintCategory,
  releaseDate: albums.releaseDate,
  hasOrder: albums.hasOrder,
  lastOrderId: albums.lastOrderId,
  ownerIdentifier: albums.ownerIdentifier,
  createdAt: albums.createdAt,
  updatedAt: albums.updatedAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Owners' e-mails of one page of albums (guests' albums have none). */
async function ownerEmails(db: Db, ownerIdentifiers: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(ownerIdentifiers.filter((id) => UUID.test(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export function albumDashboardQueries(db: Db, q: DashboardQuery<AlbumScope>, now = new Date()) {
  const search = albumSearch(q.query);
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const sortColumn = q.sortBy === 'release_date' ? albums.releaseDate : albums.createdAt;
  const pageIds = db.$with('page_ids').as(
    db
      .select({ id: albums.id })
      .from(albums)
      .where(and(search, albumScopeCondition(q.scope, now)))
      .orderBy(direction(sortColumn), direction(albums.id))
      .offset((q.page - 1) * q.per)
      .limit(q.per),
  );
  return {
    page: db
      .with(pageIds)
      .select(albumColumns)
      .from(albums)
      .innerJoin(pageIds, eq(albums.id, pageIds.id))
      .orderBy(direction(sortColumn), direction(albums.id)),
    scopeCounts: ALBUM_SCOPES.map((scope) =>
      db
        .select({ count: count() })
        .from(albums)
        .where(and(search, albumScopeCondition(scope, now))),
    ),
  };
}

export async function albumDashboardPage(db: Db, q: DashboardQuery<AlbumScope>, now = new Date()) {
  const queries = albumDashboardQueries(db, q, now);
  const searching = Boolean(q.query?.trim());
  const updatedToday = ALBUM_SCOPES.indexOf('updated_today');
  const [rows, stored, ...scopeCounts] = await Promise.all([
    queries.page,
    searching ? undefined : storedCounts(db),
    // Without a search only today's albums are counted (an index range); the totals are trigger-kept counters.
    ...queries.scopeCounts.map((query, i) => (searching || i === updatedToday ? query : undefined)),
  ]);
  const counts = Object.fromEntries(
    ALBUM_SCOPES.map((scope, i) => [
      scope,
      stored && scope === 'show_all'
        ? (stored.get('albums:all') ?? 0)
        : stored && scope === 'with_order'
          ? (stored.get('albums:with_order') ?? 0)
          : (scopeCounts[i]?.[0]?.count ?? 0),
    ]),
  ) as Record<AlbumScope, number>;
  const emails = await ownerEmails(
    db,
    rows.map((row) => row.ownerIdentifier),
  );
  return {
    rows: rows.map((row) => ({ ...row, ownerEmail: emails.get(row.ownerIdentifier) ?? null })),
    counts,
    total: counts[q.scope],
  };
}
