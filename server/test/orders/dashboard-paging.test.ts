/**
 * The dashboard's pages, as the admin pages through them (SPEC §9: 20 per page, page numbers, sort by release
 * date or creation, asc/desc): page N shows exactly the orders (albums) that sit at places 20·(N-1)+1 … 20·N of
 * the whole sorted list, deep pages included, whichever scope — nothing skipped, nothing twice. The database's
 * own ORDER BY over every row is the reference. And the embedded database's upkeep keeps deep pages reading the
 * index alone after orders moved on through their stages.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { orderDashboardQueries } from '../../src/orders/dashboard.ts';
import { startDashboardUpkeep } from '../../src/orders/dashboard-upkeep.ts';
import { seedOrders } from '../../src/orders/seed-orders-sql.ts';
import { DATABASE_KINDS, signUp, startTestApp, type TestApp } from '../helpers/test-app.ts';

const ORDERS = 3_000;
const STAGE_OF_SCOPE = {
  show_all: null,
  pending_review: 'review',
  pending_transfer: 'transfer',
  pending_shipment: 'shipment',
  shipped: 'shipped',
} as const;

describe.each(DATABASE_KINDS)('dashboard paging on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedOrders(t.database, ORDERS);
    const admin = await signUp(t.app, 'paging-staff@example.com');
    await t.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.user.sub));
    adminToken = await t.app.ctx.tokens.sign({
      kind: 'user',
      id: admin.user.sub,
      email: admin.user.email,
      roles: ['admin'],
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  async function get(path: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Every id of a list in the order the admin expects, straight from the database. */
  async function reference(table: 'orders' | 'albums', where: string, column: string, order: string) {
    const result = await t.database.executeSql(
      `SELECT id FROM ${table} ${where} ORDER BY ${column} ${order}, id ${order}`,
    );
    return result.rows.map((row) => String(row.id));
  }

  it('shows every order scope and sort page by page, deep pages and the last one included', async () => {
    for (const [scope, stage] of Object.entries(STAGE_OF_SCOPE)) {
      for (const [sortBy, sortOrder] of [
        ['created_at', 'desc'],
        ['release_date', 'asc'],
        ['release_date', 'desc'],
      ] as const) {
        const all = await reference('orders', stage ? `WHERE stage = '${stage}'` : '', sortBy, sortOrder);
        const lastPage = Math.ceil(all.length / 20);
        for (const page of [1, 2, Math.floor(lastPage / 2), lastPage]) {
          const body = await get(
            `/orders/dashboard?scope=${scope}&sort_by=${sortBy}&sort_order=${sortOrder}&page=${page}&per=20`,
          );
          const ids = body.orders.map((order: { id: string }) => order.id);
          expect(ids, `${scope} ${sortBy} ${sortOrder} page ${page}`).toEqual(
            all.slice((page - 1) * 20, page * 20),
          );
          expect(body.pagination).toEqual({ page, per: 20, total: all.length, pages: lastPage });
        }
        // A page past the end is empty, not an error.
        const beyond = await get(`/orders/dashboard?scope=${scope}&page=${lastPage + 1}`);
        expect(beyond.orders).toEqual([]);
      }
    }
  });

  it('walks the pages of a search without skipping or repeating an order', async () => {
    const all = await reference('orders', `WHERE search_text LIKE '%müller%'`, 'created_at', 'desc');
    expect(all.length).toBeGreaterThan(100);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 100); page++) {
      const body = await get(`/orders/dashboard?query=M%C3%BCller&per=100&page=${page}`);
      seen.push(...body.orders.map((order: { id: string }) => order.id));
    }
    expect(seen).toEqual(all);
  });

  it('pages through albums the same way', async () => {
    for (const [scope, where] of [
      ['show_all', ''],
      ['with_order', 'WHERE has_order'],
    ] as const) {
      const all = await reference('albums', where, 'release_date', 'asc');
      for (const page of [1, 37, Math.ceil(all.length / 20)]) {
        const body = await get(
          `/albums/dashboard?scope=${scope}&sort_by=release_date&sort_order=asc&page=${page}`,
        );
        expect(
          body.albums.map((album: { id: string }) => album.id),
          `${scope} page ${page}`,
        ).toEqual(all.slice((page - 1) * 20, page * 20));
      }
    }
  });

  it('reads a deep page from the index alone again once the upkeep ran after orders moved on', async () => {
    const deepPage = orderDashboardQueries(t.database.db, {
      scope: 'pending_shipment',
      query: undefined,
      sortBy: 'release_date',
      sortOrder: 'asc',
      page: 30,
      per: 20,
    }).page;
    const heapFetches = async () => {
      const { sql: text, params } = deepPage.toSQL();
      const plan = (await t.database.executeSql(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params)).rows
        .map((row) => String(Object.values(row)[0]))
        .join('\n');
      const match = /Index Only Scan[\s\S]*?Heap Fetches: (\d+)/.exec(plan);
      expect(match, plan).not.toBeNull();
      return Number(match![1]);
    };
    expect(await heapFetches()).toBe(0);
    const shipments = async () =>
      (await get('/orders/dashboard?scope=pending_shipment')).pagination.total as number;
    const before = await shipments();
    // The 100 oldest orders in transfer reach the printer, as the events form records it: the stage trigger
    // rewrites those rows, and the pages they sit on are no longer known to be all-visible.
    await t.database.db.execute(sql`
      INSERT INTO order_updates (order_id, signal)
      SELECT id, 'transfer_completed' FROM orders WHERE stage = 'transfer' ORDER BY created_at LIMIT 100`);
    expect(await shipments()).toBe(before + 100);
    expect(await heapFetches()).toBeGreaterThan(0);
    const upkeep = startDashboardUpkeep(t.database);
    await upkeep.runOnce();
    await upkeep.stop();
    expect(await heapFetches()).toBe(0);
  });
});
