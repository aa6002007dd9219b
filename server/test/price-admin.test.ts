/**
 * Prices and vouchers admin (issue 14): admins edit the price tables and vouchers with validation; a change prices
 * the next quote and order but never a placed one; everyone else gets 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndOutsiders } from './helpers/admin-session.ts';
import { DATABASE_KINDS, startTestApp, type Session, type TestApp } from './helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from './orders/helpers.ts';

describe.each(DATABASE_KINDS)('price admin on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let adminToken: string;
  let customer: Session;
  let outsiders: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    ({ adminToken, customer, outsiders } = await adminAndOutsiders(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  // The token is explicit: `undefined` is the anonymous caller, not a default.
  const changeAs = (token: string | undefined, payload: Record<string, unknown>) =>
    call('PATCH', '/admin/prices', { token, payload });
  const change = (payload: Record<string, unknown>) => changeAs(adminToken, payload);
  const tier = (tables: { product_prices: Array<Record<string, unknown>> }, minQuantity: number) =>
    tables.product_prices.find(
      (row) => row.price_list_id === 'eur' && row.product_key === 'album' && row.min_quantity === minQuantity,
    );

  it('prices the next order from an edited table and leaves a placed order as it was', async () => {
    const album = await cleanAlbum(t.app, customer.access_token);
    const place = () =>
      call('POST', '/orders', {
        token: customer.access_token,
        payload: orderForm(album.id, { noAlbums: 100 }),
        headers: idempotencyKey(),
      });
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    const before = (
      await call('GET', `/orders/${placed.json().order.id}`, { token: customer.access_token })
    ).json();
    const unitBefore = tier(
      (await call('GET', '/admin/prices', { token: adminToken })).json(),
      100,
    )!.unit_amount;

    const edited = await change({
      table: 'product_prices',
      price_list_id: 'eur',
      product_key: 'album',
      min_quantity: 100,
      unit_amount: 999,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(tier(edited.json(), 100)?.unit_amount).toBe(999);

    // The live quote follows within the price cache's TTL (2 s); the next order reads the tables fresh.
    await expect
      .poll(
        async () => {
          const quote = await call('GET', `/albums/${album.id}/checkout?no_albums=100`, {
            token: customer.access_token,
          });
          return quote.json().checkout.line_items[0].unit_amount;
        },
        { timeout: 5_000, interval: 250 },
      )
      .toBe(999);
    const next = await place();
    expect(next.json().order.amount).toBe(before.order.amount + 100 * (999 - (unitBefore as number)));
    const after = (
      await call('GET', `/orders/${placed.json().order.id}`, { token: customer.access_token })
    ).json();
    expect(after).toEqual(before);
  });

  it('edits shipping, feature prices and VAT of known countries', async () => {
    const shipping = await change({
      table: 'shipping_rates',
      price_list_id: 'eur',
      country_code: 'AT',
      amount: 1234,
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(shipping.json().shipping_rates).toContainEqual({
      price_list_id: 'eur',
      country_code: 'AT',
      amount: 1234,
    });
    const feature = await change({
      table: 'order_feature_prices',
      price_list_id: 'eur',
      feature_key: 'gift_wrapping',
      amount: 0,
    });
    expect(feature.json().order_feature_prices).toContainEqual({
      price_list_id: 'eur',
      feature_key: 'gift_wrapping',
      amount: 0,
    });
    const vat = await change({ table: 'vat_rates', country_code: 'AT', basis_points: 2000 });
    expect(vat.json().vat_rates).toContainEqual({ country_code: 'AT', basis_points: 2000 });
  });

  it('refuses negative, fractional and oversized amounts, unknown countries and VAT above 100 %', async () => {
    const tablesBefore = (await call('GET', '/admin/prices', { token: adminToken })).json();
    const bad = [
      { table: 'shipping_rates', price_list_id: 'eur', country_code: 'DE', amount: -1 },
      { table: 'shipping_rates', price_list_id: 'eur', country_code: 'DE', amount: 12.5 },
      { table: 'shipping_rates', price_list_id: 'eur', country_code: 'DE', amount: '1290' },
      { table: 'shipping_rates', price_list_id: 'eur', country_code: 'US', amount: 100 },
      { table: 'vat_rates', country_code: 'DE', basis_points: 10_001 },
      { table: 'prices', price_list_id: 'eur' },
    ];
    for (const payload of bad) expect((await change(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const missing = [
      {
        table: 'product_prices',
        price_list_id: 'eur',
        product_key: 'album',
        min_quantity: 7,
        unit_amount: 1,
      },
      { table: 'shipping_rates', price_list_id: 'usd', country_code: 'DE', amount: 100 },
      { table: 'order_feature_prices', price_list_id: 'eur', feature_key: 'none', amount: 1 },
    ];
    for (const payload of missing)
      expect((await change(payload)).statusCode, JSON.stringify(payload)).toBe(404);
    expect((await call('GET', '/admin/prices', { token: adminToken })).json()).toEqual(tablesBefore);
  });

  it('creates vouchers with validation and deactivates them so checkout no longer takes them', async () => {
    const create = (payload: Record<string, unknown>) =>
      call('POST', '/admin/vouchers', { token: adminToken, payload });
    const created = await create({ code: ' sommer25 ', kind: 'percent', value: 2500, max_uses: 10 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().voucher).toMatchObject({ code: 'SOMMER25', value: 2500, uses: 0, active: true });
    expect((await create({ code: 'SOMMER25', kind: 'fixed', value: 500, currency: 'EUR' })).statusCode).toBe(
      409,
    );
    for (const payload of [
      { code: 'ZUVIEL', kind: 'percent', value: 10_001 },
      { code: 'OHNEWAEHRUNG', kind: 'fixed', value: 500 },
      { code: 'KOMMA', kind: 'fixed', value: 4.99, currency: 'EUR' },
      {
        code: 'RUECKWAERTS',
        kind: 'percent',
        value: 100,
        starts_at: '2026-05-01T00:00:00Z',
        ends_at: '2026-04-01T00:00:00Z',
      },
      { code: 'x', kind: 'percent', value: 100 },
    ]) {
      expect((await create(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }

    const album = await cleanAlbum(t.app, customer.access_token);
    const quote = () =>
      call('GET', `/albums/${album.id}/checkout?no_albums=50&country_code=DE&voucher_code=SOMMER25`, {
        token: customer.access_token,
      });
    expect((await quote()).json().checkout.voucher.status).toBe('valid');
    const id = created.json().voucher.id as string;
    const deactivated = await call('POST', `/admin/vouchers/${id}/deactivate`, { token: adminToken });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json().voucher.active).toBe(false);
    expect((await quote()).json().checkout.voucher.status).toBe('inactive');
    const list = (await call('GET', '/admin/vouchers', { token: adminToken })).json().vouchers;
    expect(list.find((row: { id: string }) => row.id === id)).toMatchObject({
      code: 'SOMMER25',
      active: false,
    });
  });

  it('shows the price and voucher routes to nobody but an admin', async () => {
    const valid = { table: 'vat_rates', country_code: 'DE', basis_points: 0 };
    for (const [who, token] of Object.entries(outsiders)) {
      expect((await call('GET', '/admin/prices', { token })).statusCode, who).toBe(404);
      expect((await changeAs(token, valid)).statusCode, who).toBe(404);
      expect((await changeAs(token, {})).statusCode, who).toBe(404);
      expect((await call('GET', '/admin/vouchers', { token })).statusCode, who).toBe(404);
      const voucher = { code: 'HACK', kind: 'percent', value: 10_000 };
      expect((await call('POST', '/admin/vouchers', { token, payload: voucher })).statusCode, who).toBe(404);
      const someId = '00000000-0000-4000-8000-000000000000';
      expect((await call('POST', `/admin/vouchers/${someId}/deactivate`, { token })).statusCode, who).toBe(
        404,
      );
    }
    const vat = (await call('GET', '/admin/prices', { token: adminToken })).json().vat_rates;
    expect(vat.find((row: { country_code: string }) => row.country_code === 'DE').basis_points).toBe(1900);
  });
});
