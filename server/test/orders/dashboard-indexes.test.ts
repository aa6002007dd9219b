/**
 * The dashboard stays fast at shop size because every list it shows is read through an index (issue 14): this
 * test seeds thousands of orders and asks the database's planner how it would run the dashboard's own queries
 * for each scope, sort and search — a sequential scan of orders or albums fails it.
 */
import { ALBUM_SCOPES, ORDER_SCOPES } from '@stickerbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumDashboardQueries, orderDashboardQueries } from '../../src/orders/dashboard.ts';
import { seedOrders } from '../../src/orders/seed-orders-sql.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

interface Explainable {
  toSQL(): { sql: string; params: unknown[] };
}

describe.each(DATABASE_KINDS)('dashboard query plans on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedOrders(t.database, 20_000);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  async function plan(query: Explainable): Promise<string> {
    const { sql, params } = query.toSQL();
    const result = await t.database.executeSql(`EXPLAIN ${sql}`, params as unknown[]);
    return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
  }

  const sorts = [
    ['created_at', 'desc'],
    ['created_at', 'asc'],
    ['release_date', 'desc'],
    ['release_date', 'asc'],
  ] as const;

  it('reads every order scope and sort through an index, a deep page through the index alone', async () => {
    for (const scope of ORDER_SCOPES) {
      for (const [sortBy, sortOrder] of sorts) {
        for (const page of [1, 50]) {
          const text = await plan(
            orderDashboardQueries(t.database.db, {
              scope,
              query: undefined,
              sortBy,
              sortOrder,
              page,
              per: 20,
            }).page,
          );
          expect(text, `${scope} ${sortBy} ${sortOrder} page ${page}\n${text}`).not.toMatch(
            /Seq Scan on orders/,
          );
          expect(text).toMatch(/Index/);
          // A deep page skips index entries, not table rows: its ids come from the sort index alone.
          if (page > 1)
            expect(text, `${scope} ${sortBy} ${sortOrder} page ${page}\n${text}`).toMatch(/Index Only Scan/);
        }
      }
    }
  });

  it('searches orders through an index, and a rare name through the trigram index, for list and counts', async () => {
    const searched = (query: string, scope: (typeof ORDER_SCOPES)[number] = 'pending_shipment') =>
      orderDashboardQueries(t.database.db, {
        scope,
        query,
        sortBy: 'created_at',
        sortOrder: 'desc',
        page: 1,
        per: 20,
      });
    // A common word: walking the date index until 20 rows match is the planner's cheaper choice — still no scan.
    for (const query of ['müller', 'hochzeit']) {
      const text = await plan(searched(query).page);
      expect(text, `${query}\n${text}`).not.toMatch(/Seq Scan on orders/);
    }
    for (const query of ['hochzeit 12345', 'sb-10042']) {
      for (const text of [
        await plan(searched(query, 'show_all').page),
        await plan(searched(query).stageCounts),
      ]) {
        expect(text, `${query}\n${text}`).toMatch(/orders_search_idx/);
        expect(text, `${query}\n${text}`).not.toMatch(/Seq Scan on orders/);
      }
    }
  });

  it('reads every album scope, sort and search through an index', async () => {
    for (const scope of ALBUM_SCOPES) {
      for (const [sortBy, sortOrder] of sorts) {
        const text = await plan(
          albumDashboardQueries(t.database.db, {
            scope,
            query: undefined,
            sortBy,
            sortOrder,
            page: 1,
            per: 20,
          }).page,
        );
        expect(text, `${scope} ${sortBy} ${sortOrder}\n${text}`).not.toMatch(/Seq Scan on albums/);
      }
    }
    const searched = albumDashboardQueries(t.database.db, {
      scope: 'show_all',
      query: 'sommerfest 4242',
      sortBy: 'created_at',
      sortOrder: 'desc',
      page: 1,
      per: 20,
    });
    for (const query of [searched.page, searched.scopeCounts[0]!])
      expect(await plan(query)).toMatch(/albums_search_idx/);
    // Today's albums are few: the planner may start from updated_at instead — an index either way.
    for (const query of searched.scopeCounts) expect(await plan(query)).not.toMatch(/Seq Scan on albums/);
  });
});
