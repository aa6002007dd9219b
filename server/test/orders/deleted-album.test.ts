/**
 * Issue 22: deleting an album that has an order broke every page of the order (the API answered `album: null` and
 * the web read `order.album.title`). The order keeps what it needs of its album: the title (a database trigger
 * writes it to the order before the album row goes), the event date and language, for the customer and the admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { DATABASE_KINDS, signUp, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from './helpers.ts';

describe.each(DATABASE_KINDS)('an order whose album was deleted, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still names the album and shows its order to the customer and the admin', async () => {
    const call = caller(t.app);
    const { adminToken } = await adminAndOutsiders(t);
    const owner = await signUp(t.app);
    const album = await cleanAlbum(t.app, owner.access_token);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}`,
      headers: { authorization: `Bearer ${owner.access_token}` },
      payload: { title: 'Sommerfest 2027' },
    });
    expect(renamed.statusCode).toBe(200);
    const form = orderForm(album.id);
    const placed = await call('POST', '/orders', {
      token: owner.access_token,
      payload: form,
      headers: idempotencyKey(),
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id as string;

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${album.id}`,
      headers: { authorization: `Bearer ${owner.access_token}` },
    });
    expect(deleted.statusCode).toBe(204);

    const expected = {
      id: null,
      title: 'Sommerfest 2027',
      release_date: form.releaseDate,
      language: 'de',
      deleted: true,
    };
    const detail = await call('GET', `/orders/${orderId}`, { token: owner.access_token });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order.album).toMatchObject(expected);
    const list = await call('GET', '/orders', { token: owner.access_token });
    expect(list.statusCode).toBe(200);
    expect(list.json().orders.find((o: { id: string }) => o.id === orderId).album).toMatchObject(expected);
    const asAdmin = await call('GET', `/orders/${orderId}`, { token: adminToken });
    expect(asAdmin.json().order.album).toMatchObject(expected);
  });
});
