/**
 * The admin side of orders (issue 14): dashboard scopes that follow the timeline, search, sort, the events form's
 * signals, order comments, edits and deletion — and nobody but an admin may touch any of it (404 for the rest).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, orderUpdates } from '../../src/db/schema.ts';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { DATABASE_KINDS, signUp, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from './helpers.ts';

describe.each(DATABASE_KINDS)('back office on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;
  let adminEmail: string;
  let outsiderTokens: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    // The customer who places the orders is one of the outsiders: ordering gives no way into the back office.
    const staff = await adminAndOutsiders(t);
    ({ adminToken, customer } = staff);
    adminEmail = staff.admin.user.email;
    outsiderTokens = { ...staff.outsiders, stranger: (await signUp(t.app)).access_token };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function placeOrder(overrides: Record<string, unknown> = {}, title?: string) {
    const album = await cleanAlbum(t.app, customer.access_token);
    if (title) await t.database.db.update(albums).set({ title }).where(eq(albums.id, album.id));
    const placed = await call('POST', '/orders', {
      token: customer.access_token,
      payload: orderForm(album.id, overrides),
      headers: idempotencyKey(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return { albumId: album.id, orderId: placed.json().order.id as string };
  }

  const addEvent = (orderId: string, payload: Record<string, unknown>) =>
    call('POST', `/orders/${orderId}/order_updates`, { token: adminToken, payload });

  const dashboard = async (query: string) => {
    const response = await call('GET', `/orders/dashboard?${query}`, { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      orders: Array<{
        id: string;
        name: string;
        design_check: { status: string };
        transfer_status: { status: string };
      }>;
      meta: { counts: Record<string, number> };
      pagination: { total: number; pages: number };
    };
  };

  it('moves an order through the scopes as staff add signals, with counts in meta', async () => {
    const { orderId } = await placeOrder({ lastName: 'Scopeful' });
    const inScope = async (scope: string) =>
      (await dashboard(`scope=${scope}&query=scopeful`)).orders.map((order) => order.id);

    expect(await inScope('pending_review')).toEqual([orderId]);
    // Scopes follow the signals even when staff add them out of SPEC §4's order (confirmed).
    expect((await addEvent(orderId, { signal: 'review_completed', confirm: true })).statusCode).toBe(201);
    expect(await inScope('pending_review')).toEqual([]);
    expect(await inScope('pending_transfer')).toEqual([orderId]);
    const designCheck = async () =>
      (await dashboard('scope=show_all&query=scopeful')).orders[0]!.design_check.status;
    expect(await designCheck()).toBe('done');

    // Feedback after the design check sends the order back to review, and the design check column says so too.
    await addEvent(orderId, { signal: 'review_feedback', message: 'Seite 3 bitte prüfen' });
    expect(await inScope('pending_review')).toEqual([orderId]);
    expect(await designCheck()).toBe('pending');

    await addEvent(orderId, { signal: 'transfer_completed', confirm: true });
    expect(await inScope('pending_shipment')).toEqual([orderId]);
    const shipped = await addEvent(orderId, {
      signal: 'albums_shipped',
      metadata: { tracking_code: '00340434161094042557' },
      confirm: true,
    });
    expect(shipped.statusCode).toBe(201);
    expect(await inScope('shipped')).toEqual([orderId]);
    const view = await dashboard('scope=show_all&query=scopeful');
    expect(view.meta.counts).toMatchObject({ show_all: 1, shipped: 1, pending_review: 0 });
    expect(view.orders[0]!.transfer_status.status).toBe('done');
  });

  it('keeps the unsearched count badges right as orders are placed, moved and deleted', async () => {
    const before = (await dashboard('')).meta.counts;
    const albumsBefore = (await call('GET', '/albums/dashboard', { token: adminToken })).json().meta.counts;
    const { orderId } = await placeOrder();
    const placed = (await dashboard('')).meta.counts;
    expect(placed.show_all).toBe(before.show_all + 1);
    expect(placed.pending_review).toBe(before.pending_review + 1);
    const albumsAfter = (await call('GET', '/albums/dashboard', { token: adminToken })).json().meta.counts;
    expect(albumsAfter.show_all).toBe(albumsBefore.show_all + 1);
    expect(albumsAfter.with_order).toBe(albumsBefore.with_order + 1);
    await addEvent(orderId, { signal: 'review_completed', confirm: true });
    const moved = (await dashboard('')).meta.counts;
    expect(moved).toMatchObject({
      pending_review: before.pending_review,
      pending_transfer: before.pending_transfer + 1,
    });
    await call('DELETE', `/orders/${orderId}`, { token: adminToken });
    expect((await dashboard('')).meta.counts).toEqual(before);
    const albumsEnd = (await call('GET', '/albums/dashboard', { token: adminToken })).json().meta.counts;
    expect(albumsEnd.with_order).toBe(albumsBefore.with_order);
  });

  it('refuses a signal that is already on the timeline and one that staff may not add', async () => {
    const { orderId } = await placeOrder();
    expect((await addEvent(orderId, { signal: 'accepted' })).statusCode).toBe(201);
    const again = await addEvent(orderId, { signal: 'accepted' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SIGNAL_ALREADY_PRESENT');
    expect((await addEvent(orderId, { signal: 'order_placed' })).statusCode).toBe(400);
    expect((await addEvent(orderId, {})).statusCode).toBe(400);
  });

  it('refuses a shipment before acceptance and production with 409 and the reason, and adds it when confirmed', async () => {
    const { orderId } = await placeOrder();
    const refused = await addEvent(orderId, { signal: 'albums_shipped' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('SIGNAL_OUT_OF_ORDER');
    expect(refused.json().error.message).toContain(
      '„Alben versendet“ kommt erst nach „Bestellung angenommen“',
    );
    const order = async () =>
      (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order as {
        order_updates: Array<{ signal: string }>;
      };
    expect((await order()).order_updates.map((u) => u.signal)).toEqual(['order_placed']);
    const confirmed = await addEvent(orderId, { signal: 'albums_shipped', confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((await order()).order_updates.map((u) => u.signal)).toEqual(['order_placed', 'albums_shipped']);
  });

  it('shows the customer only their milestones, with the carrier and tracking link, and staff everything', async () => {
    const { orderId } = await placeOrder();
    expect((await addEvent(orderId, { signal: 'accepted' })).statusCode).toBe(201);
    expect((await addEvent(orderId, { signal: 'review_completed' })).statusCode).toBe(201);
    await t.database.db.insert(orderUpdates).values([
      { orderId, signal: 'export_started', metadata: {} },
      { orderId, signal: 'export_completed', metadata: {} },
    ]);
    expect((await addEvent(orderId, { signal: 'transfer_completed' })).statusCode).toBe(201);
    const customerView = async () =>
      (await call('GET', `/orders/${orderId}`, { token: customer.access_token })).json().order as {
        status_message: string;
        order_updates: Array<{ signal: string; human_title: string; target_url: string | null }>;
        tracking_code: string | null;
        user_invoice: { kind: string; number: string; pdf_url: string | null } | null;
        delivery_note: { pdf_url: string } | null;
        amount_net_human: string;
        amount_human: string;
      };
    // Export and transfer are the shop's own steps: the customer still reads "approved".
    let mine = await customerView();
    expect(mine.status_message).toBe('Freigegeben');
    expect(mine.order_updates.map((u) => [u.signal, u.human_title])).toEqual([
      ['order_placed', 'Bestellung eingegangen'],
      ['accepted', 'In Prüfung'],
      ['review_completed', 'Freigegeben'],
    ]);
    expect((await addEvent(orderId, { signal: 'production_started' })).statusCode).toBe(201);
    expect((await call('POST', `/orders/${orderId}/invoice`, { token: adminToken })).statusCode).toBe(201);
    mine = await customerView();
    expect(mine.status_message).toBe('Rechnung erstellt');
    // SPEC §3 order fields: the invoice the customer holds, no tracking code yet, no delivery note for them.
    expect(mine.user_invoice).toMatchObject({ kind: 'invoice', number: expect.stringMatching(/\d/) });
    expect((await t.app.inject({ method: 'GET', url: mine.user_invoice!.pdf_url! })).statusCode).toBe(200);
    expect(mine.tracking_code).toBeNull();
    expect(mine.delivery_note).toBeNull();
    expect(mine.amount_net_human).toBe(mine.amount_human);
    expect(mine.amount_net_human).toMatch(/^[\d.]+,\d\d\u00a0€$/);
    const shipped = await addEvent(orderId, {
      signal: 'albums_shipped',
      metadata: { dhl_tracking_code: '00340434161094042557' },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    mine = await customerView();
    expect(mine.status_message).toBe('Versendet mit DHL');
    expect(mine.order_updates.map((u) => u.human_title)).toEqual([
      'Bestellung eingegangen',
      'In Prüfung',
      'Freigegeben',
      'In Produktion',
      'Rechnung erstellt',
      'Versendet',
    ]);
    expect(mine.order_updates.at(-1)!.target_url).toContain('00340434161094042557');
    expect(mine.tracking_code).toBe('00340434161094042557');
    const list = (await call('GET', '/orders', { token: customer.access_token })).json().orders as Array<{
      id: string;
      status_message: string;
    }>;
    expect(list.find((order) => order.id === orderId)!.status_message).toBe('Versendet mit DHL');
    // Staff keep every step under its own title.
    const staff = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order as {
      status_message: string;
      order_updates: Array<{ signal: string }>;
      delivery_note: { pdf_url: string } | null;
    };
    expect(staff.status_message).toBe('Alben versendet');
    // Staff get the delivery note's signed link; it opens in a tab without a bearer token.
    const note = await t.app.inject({ method: 'GET', url: staff.delivery_note!.pdf_url });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toContain('application/pdf');
    expect(staff.order_updates.map((u) => u.signal)).toEqual(
      expect.arrayContaining(['export_started', 'export_completed', 'transfer_completed', 'invoice_created']),
    );
  });

  it('finds orders by number, e-mail, name, album title and identifier', async () => {
    const { albumId, orderId } = await placeOrder(
      { firstName: 'Kunigunde', email: 'kunigunde@verein.example' },
      'Sommerfest Zauberwald',
    );
    const [album] = await t.database.db.select().from(albums).where(eq(albums.id, albumId));
    const order = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    for (const query of ['kunigunde@verein', 'KUNIGUNDE', 'zauberwald', album!.identifier, order.name]) {
      const found = await dashboard(`query=${encodeURIComponent(query)}`);
      expect(
        found.orders.map((o) => o.id),
        query,
      ).toContain(orderId);
    }
    expect((await dashboard('query=%25')).orders.length).toBe(0);

    // A changed e-mail is found by the new address, no longer by the old one.
    const changed = await call('PATCH', `/orders/${orderId}`, {
      token: adminToken,
      payload: { email: 'kunigunde.neu@verein.example' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await dashboard('query=kunigunde.neu')).orders.map((o) => o.id)).toContain(orderId);
    expect((await dashboard('query=kunigunde%40verein')).orders.map((o) => o.id)).not.toContain(orderId);
  });

  it('sorts by created date and by event date both ways, 20 to a page', async () => {
    const early = await placeOrder({ lastName: 'Sortierbar', releaseDate: '2031-01-10' });
    const late = await placeOrder({ lastName: 'Sortierbar', releaseDate: '2031-06-10' });
    const ids = async (query: string) =>
      (await dashboard(`query=sortierbar&${query}`)).orders.map((o) => o.id);
    expect(await ids('')).toEqual([late.orderId, early.orderId]);
    expect(await ids('sort_by=created_at&sort_order=asc')).toEqual([early.orderId, late.orderId]);
    expect(await ids('sort_by=release_date&sort_order=asc')).toEqual([early.orderId, late.orderId]);
    expect(await ids('sort_by=release_date&sort_order=desc')).toEqual([late.orderId, early.orderId]);
    const paged = await dashboard('per=1&page=2&query=sortierbar');
    expect(paged.orders.map((o) => o.id)).toEqual([early.orderId]);
    expect(paged.pagination).toMatchObject({ total: 2, pages: 2 });
    expect((await call('GET', '/orders/dashboard?sort_by=amount', { token: adminToken })).statusCode).toBe(
      400,
    );
  });

  it('lists albums by scope with counts', async () => {
    const { albumId } = await placeOrder({}, 'Albumliste Ordered');
    const response = await call('GET', '/albums/dashboard?scope=with_order&query=albumliste', {
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.albums.map((a: { id: string }) => a.id)).toEqual([albumId]);
    expect(body.albums[0].owner_email).toBe(customer.user.email);
    expect(body.meta.counts.with_order).toBe(1);
    expect(body.meta.counts.updated_today).toBe(1);
  });

  it('keeps comments: not empty, complete toggle, edit and delete', async () => {
    const { orderId } = await placeOrder();
    const empty = await call('POST', `/orders/${orderId}/comments`, {
      token: adminToken,
      payload: { content: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const created = await call('POST', `/orders/${orderId}/comments`, {
      token: adminToken,
      payload: { content: 'Kunde ruft wegen Farbe an' },
    });
    expect(created.statusCode).toBe(201);
    const comment = created.json().comment;
    expect(comment).toMatchObject({
      content: 'Kunde ruft wegen Farbe an',
      completed: false,
      email: adminEmail,
    });
    const done = await call('PATCH', `/orders/${orderId}/comments/${comment.id}`, {
      token: adminToken,
      payload: { completed: true },
    });
    expect(done.json().comment.completed).toBe(true);
    await call('PATCH', `/orders/${orderId}/comments/${comment.id}`, {
      token: adminToken,
      payload: { content: 'Erledigt' },
    });
    const listed = await call('GET', `/orders/${orderId}/comments`, { token: adminToken });
    expect(listed.json().comments).toEqual([
      expect.objectContaining({ content: 'Erledigt', completed: true }),
    ]);
    expect(
      (await call('DELETE', `/orders/${orderId}/comments/${comment.id}`, { token: adminToken })).statusCode,
    ).toBe(204);
    expect((await call('GET', `/orders/${orderId}/comments`, { token: adminToken })).json().comments).toEqual(
      [],
    );
  });

  it('edits details and the shipping address, and deletion frees the album', async () => {
    const { albumId, orderId } = await placeOrder();
    const order = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    const edited = await call('PATCH', `/orders/${orderId}`, {
      token: adminToken,
      payload: { email: 'neu@example.de', comment: 'Lieferung an die Schule' },
    });
    expect(edited.json().order).toMatchObject({
      email: 'neu@example.de',
      comment: 'Lieferung an die Schule',
    });
    const moved = await call('PATCH', `/addresses/${order.shipping_address.id}`, {
      token: adminToken,
      payload: { city: 'Hamburg', zip_code: '20095' },
    });
    expect(moved.json().order.shipping_address).toMatchObject({ city: 'Hamburg', zip_code: '20095' });
    expect(
      (
        await call('PATCH', `/addresses/${order.shipping_address.id}`, {
          token: adminToken,
          payload: { country_code: 'Deutschland' },
        })
      ).statusCode,
    ).toBe(400);

    expect((await call('DELETE', `/orders/${orderId}`, { token: adminToken })).statusCode).toBe(204);
    expect((await call('GET', `/orders/${orderId}`, { token: adminToken })).statusCode).toBe(404);
    const [album] = await t.database.db.select().from(albums).where(eq(albums.id, albumId));
    expect(album).toMatchObject({ hasOrder: false, lastOrderId: null });
  });

  it('answers 404 to everyone but an admin on every back-office route', async () => {
    const { orderId } = await placeOrder();
    const order = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    const comment = (
      await call('POST', `/orders/${orderId}/comments`, { token: adminToken, payload: { content: 'intern' } })
    ).json().comment;
    const routes: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/orders/dashboard'],
      ['GET', '/albums/dashboard'],
      ['POST', `/orders/${orderId}/order_updates`, { signal: 'accepted' }],
      ['PATCH', `/orders/${orderId}`, { comment: 'x' }],
      ['PATCH', `/addresses/${order.shipping_address.id}`, { city: 'x' }],
      ['GET', `/orders/${orderId}/comments`],
      ['POST', `/orders/${orderId}/comments`, { content: 'x' }],
      ['PATCH', `/orders/${orderId}/comments/${comment.id}`, { completed: true }],
      ['DELETE', `/orders/${orderId}/comments/${comment.id}`],
      ['DELETE', `/orders/${orderId}`],
    ];
    for (const [actor, token] of Object.entries(outsiderTokens)) {
      for (const [method, url, payload] of routes) {
        const response = await call(method, url, { token, payload });
        expect(response.statusCode, `${actor} ${method} ${url}`).toBe(404);
      }
    }
    // Nothing changed.
    const after = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    expect(after.order_updates.map((u: { signal: string }) => u.signal)).toEqual(['order_placed']);
    expect(
      (await call('GET', `/orders/${orderId}/comments`, { token: adminToken })).json().comments,
    ).toHaveLength(1);
  });
});
