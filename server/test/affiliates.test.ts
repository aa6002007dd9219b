/**
 * Affiliate partners (issue 14): admins create them, a visit through a partner link is credited when the visitor
 * creates an album and when that album is ordered, and the partner reads monthly counts by token.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateAlbums, orders } from '../src/db/schema.ts';
import { adminAndOutsiders } from './helpers/admin-session.ts';
import {
  createAlbum,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';
import { caller, idempotencyKey, orderForm } from './orders/helpers.ts';

describe.each(DATABASE_KINDS)('affiliates on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let adminToken: string;
  let outsiders: Record<string, string | undefined>;
  let visitor: Session;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    ({ adminToken, outsiders } = await adminAndOutsiders(t));
    visitor = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const createPartner = async (payload: Record<string, unknown>) => {
    const response = await call('POST', '/affiliates', { token: adminToken, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().affiliate as { id: string; name: string; url_token: string; url_source: string };
  };
  const conversions = (token: string) =>
    call('GET', `/public/affiliate_conversions?url_token=${encodeURIComponent(token)}`);

  it('gives a new partner an unguessable token and a public link source that differs from it', async () => {
    const partner = await createPartner({ name: 'Hochzeitsplanerin Müller' });
    expect(partner.url_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(partner.url_source).toMatch(/^hochzeitsplanerin-muller-[0-9a-f]{8}$/);
    const list = (await call('GET', '/affiliates', { token: adminToken })).json().affiliates;
    expect(list.map((row: { id: string }) => row.id)).toContain(partner.id);
  });

  it('keeps a chosen token and refuses one that is taken or too short', async () => {
    const token = 'partner-token-chosen-by-admin-1234';
    expect((await createPartner({ name: 'Fotostudio', url_token: token })).url_token).toBe(token);
    const taken = await call('POST', '/affiliates', {
      token: adminToken,
      payload: { name: 'Zweiter', url_token: token },
    });
    expect(taken.statusCode).toBe(409);
    const short = await call('POST', '/affiliates', {
      token: adminToken,
      payload: { name: 'Kurz', url_token: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    const empty = await call('POST', '/affiliates', { token: adminToken, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
  });

  it('credits an album made after a partner visit, and its orders, in monthly tables', async () => {
    const partner = await createPartner({ name: 'Agentur Nord' });
    const marketing = { utm_source: partner.url_source, utm_medium: 'affiliate', entrypoint: 'wedding' };
    const credited = await createAlbum(t.app, visitor.access_token, {
      blueprint_id: 'test-fixture',
      analytics_metadata: marketing,
    });
    const second = await createAlbum(t.app, visitor.access_token, {
      blueprint_id: 'test-fixture',
      analytics_metadata: { ...marketing, entrypoint: 'business' },
    });
    // Neither a visit without a partner nor one of an unknown partner is credited.
    const direct = await createAlbum(t.app, visitor.access_token, { blueprint_id: 'test-fixture' });
    await createAlbum(t.app, visitor.access_token, {
      blueprint_id: 'test-fixture',
      analytics_metadata: { utm_source: 'someone-else' },
    });

    const [kept] = await t.database.db
      .select()
      .from(affiliateAlbums)
      .where(eq(affiliateAlbums.albumId, credited.id));
    expect(kept?.marketing).toEqual(marketing);

    for (const albumId of [credited.id, credited.id, direct.id]) {
      const placed = await call('POST', '/orders', {
        token: visitor.access_token,
        payload: orderForm(albumId),
        headers: idempotencyKey(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    // One of the credited album's orders was placed last month: it counts in that month's row.
    const [firstOrder] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.albumId, credited.id))
      .limit(1);
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await t.database.db.update(orders).set({ createdAt: lastMonth }).where(eq(orders.id, firstOrder!.id));

    const response = await conversions(partner.url_token);
    expect(response.statusCode, response.body).toBe(200);
    const thisMonth = new Date().toISOString().slice(0, 7);
    const previous = lastMonth.toISOString().slice(0, 7);
    expect(response.json()).toEqual({
      name: 'Agentur Nord',
      album_conversions: { total_count: 2, data: [{ month: thisMonth, count: 2 }] },
      order_conversions: {
        total_count: 2,
        data: [
          { month: thisMonth, count: 1 },
          { month: previous, count: 1 },
        ],
      },
      url_source: partner.url_source,
    });
    expect(second.id).not.toBe(credited.id);
  });

  it('answers 404 for an unknown or missing partner token', async () => {
    expect((await conversions('no-such-partner-token')).statusCode).toBe(404);
    expect((await call('GET', '/public/affiliate_conversions')).statusCode).toBe(404);
  });

  it('shows the partner admin to nobody but an admin', async () => {
    for (const [who, token] of Object.entries(outsiders)) {
      const list = await call('GET', '/affiliates', { token });
      expect(list.statusCode, who).toBe(404);
      const create = await call('POST', '/affiliates', { token, payload: { name: 'Eindringling' } });
      expect(create.statusCode, who).toBe(404);
      const invalid = await call('POST', '/affiliates', { token, payload: {} });
      expect(invalid.statusCode, who).toBe(404);
    }
  });
});
