/**
 * An issued invoice freezes what it invoiced, through the API (issue 21 §2): every edit of invoiced content answers
 * 409 ORDER_INVOICED in the admin's language and changes nothing; comments, signals and contact data stay editable;
 * the order view says which state applies; after a credit note the order is corrected and invoiced again, and the
 * delivery note and the print partner's JSON show the correction. Edits are change records on the timeline: all of
 * them for admins, those that touch the customer for the customer. And the back office answers 404 to everyone else
 * before it looks at the body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { pdfText } from '../helpers/pdf-files.ts';
import { DATABASE_KINDS, signUp, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import { caller, placeCleanOrder } from './helpers.ts';

interface Change {
  field: string;
  label: string;
  from: string;
  to: string;
}
interface OrderView {
  id: string;
  no_albums: number;
  amount_gross: number;
  comment: string | null;
  shipping_address: { id: string; city: string };
  line_items: Array<{ id: string; product: string; quantity: number; title: string }>;
  order_updates: Array<{ signal: string; changes: Change[]; author: string | null }>;
  invoice: { number: string; status: string; frozen: boolean; credit_note: { number: string } | null } | null;
  user_invoice: { number: string; pdf_url: string | null } | null;
  delivery_note: { pdf_url: string } | null;
}

describe.each(DATABASE_KINDS)('invoiced orders on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;
  let adminEmail: string;
  let outsiderTokens: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    const staff = await adminAndOutsiders(t);
    ({ adminToken, customer } = staff);
    adminEmail = staff.admin.user.email;
    outsiderTokens = { ...staff.outsiders, stranger: (await signUp(t.app)).access_token };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function placeOrder(overrides: Record<string, unknown> = {}): Promise<OrderView> {
    return read((await placeCleanOrder(t.app, customer.access_token, overrides)).orderId, adminToken);
  }

  async function read(orderId: string, token: string, language = 'de'): Promise<OrderView> {
    const response = await call('GET', `/orders/${orderId}`, { token, language });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order as OrderView;
  }

  /** The view without its signed links, which carry their expiry time. */
  const unsigned = (order: OrderView) => ({
    ...order,
    invoice: order.invoice && { ...order.invoice, pdf_url: null },
    user_invoice: order.user_invoice && { ...order.user_invoice, pdf_url: null },
    delivery_note: null,
  });

  const albumLine = (order: OrderView) => order.line_items.find((line) => line.product === 'album')!;

  function frozenEdits(order: OrderView) {
    const line = albumLine(order);
    return {
      'edit line': () =>
        call('PATCH', `/line_items/${line.id}`, { token: adminToken, payload: { quantity: 99 } }),
      'add line': () =>
        call('POST', `/orders/${order.id}/line_items`, {
          token: adminToken,
          payload: { product: 'stickerpack', quantity: 5 },
        }),
      'remove line': () => call('DELETE', `/line_items/${line.id}`, { token: adminToken }),
      address: () =>
        call('PATCH', `/addresses/${order.shipping_address.id}`, {
          token: adminToken,
          payload: { city: 'Köln' },
        }),
      'VAT id': () =>
        call('PATCH', `/orders/${order.id}`, { token: adminToken, payload: { buyer_vat_id: 'DE136695976' } }),
      'net amount': () =>
        call('PATCH', `/orders/${order.id}`, { token: adminToken, payload: { amount: 100 } }),
      total: () =>
        call('PATCH', `/orders/${order.id}`, { token: adminToken, payload: { amount_gross: 119 } }),
      'Leitweg-ID': () =>
        call('PATCH', `/orders/${order.id}`, {
          token: adminToken,
          payload: { buyer_reference: '04011000-1234512345-06' },
        }),
    };
  }

  it('refuses every edit of invoiced content with 409 ORDER_INVOICED pointing to the credit note, changing nothing', async () => {
    const order = await placeOrder();
    const issued = await call('POST', `/orders/${order.id}/invoice`, { token: adminToken });
    expect(issued.statusCode, issued.body).toBe(201);
    const before = await read(order.id, adminToken);
    for (const [what, edit] of Object.entries(frozenEdits(order))) {
      const response = await edit();
      expect(response.statusCode, what).toBe(409);
      expect(response.json().error.code, what).toBe('ORDER_INVOICED');
      expect(response.json().error.message, what).toContain('Gutschrift');
      expect(response.json().error.message, what).toContain(issued.json().invoice.number);
    }
    const english = await call('DELETE', `/line_items/${albumLine(order).id}`, {
      token: adminToken,
      language: 'en',
    });
    expect(english.json().error.message).toContain('credit note');
    expect(unsigned(await read(order.id, adminToken))).toEqual(unsigned(before));
  }, 60_000);

  it('keeps comments, signals and contact data editable on an invoiced order', async () => {
    const order = await placeOrder();
    await call('POST', `/orders/${order.id}/invoice`, { token: adminToken });
    const comment = await call('POST', `/orders/${order.id}/comments`, {
      token: adminToken,
      payload: { content: 'Rechnung verschickt' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const signal = await call('POST', `/orders/${order.id}/order_updates`, {
      token: adminToken,
      payload: { signal: 'accepted' },
    });
    expect(signal.statusCode, signal.body).toBe(201);
    const details = await call('PATCH', `/orders/${order.id}`, {
      token: adminToken,
      payload: { comment: 'Nur vormittags liefern', email: 'sekretariat@example.de' },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().order).toMatchObject({
      comment: 'Nur vormittags liefern',
      email: 'sekretariat@example.de',
    });
  }, 60_000);

  it('shows the state: frozen under the invoice, correctable after the credit note, frozen again when reissued', async () => {
    const order = await placeOrder();
    expect(order.invoice).toBeNull();
    const invoice = (await call('POST', `/orders/${order.id}/invoice`, { token: adminToken })).json().invoice;
    expect((await read(order.id, adminToken)).invoice).toMatchObject({
      number: invoice.number,
      frozen: true,
      credit_note: null,
    });
    const note = (await call('POST', `/orders/${order.id}/credit_note`, { token: adminToken })).json()
      .credit_note;
    expect((await read(order.id, adminToken)).invoice).toMatchObject({
      number: invoice.number,
      status: 'void',
      frozen: false,
      credit_note: { number: note.number },
    });
    const reissued = (await call('POST', `/orders/${order.id}/invoice`, { token: adminToken })).json()
      .invoice;
    expect((await read(order.id, adminToken)).invoice).toMatchObject({
      number: reissued.number,
      frozen: true,
      credit_note: null,
    });
    const dashboard = await call(
      'GET',
      `/orders/dashboard?query=${encodeURIComponent(String(reissued.number))}`,
      {
        token: adminToken,
      },
    );
    expect(dashboard.statusCode).toBe(200);
  }, 60_000);

  it('corrects the order after the credit note and invoices it again; delivery note and print JSON follow', async () => {
    const order = await placeOrder({ noAlbums: 40, lastName: 'Korrektur' });
    const first = (await call('POST', `/orders/${order.id}/invoice`, { token: adminToken })).json().invoice;
    await call('POST', `/orders/${order.id}/credit_note`, { token: adminToken });
    const edited = await call('PATCH', `/line_items/${albumLine(order).id}`, {
      token: adminToken,
      payload: { quantity: 55 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await call('PATCH', `/addresses/${order.shipping_address.id}`, {
      token: adminToken,
      payload: { address1: 'Schulweg 7' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await call('POST', `/orders/${order.id}/invoice`, { token: adminToken });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().invoice.number).not.toBe(first.number);
    const corrected = await read(order.id, adminToken);
    expect(second.json().invoice.gross_amount).toBe(corrected.amount_gross);
    expect(corrected.no_albums).toBe(55);

    const json = (await call('GET', `/orders/${order.id}/esveco_json`, { token: adminToken })).json();
    expect(json.order.no_albums).toBe(55);
    expect(json.lines.find((line: { product: string }) => line.product === 'album').quantity).toBe(55);
    expect(json.order.amount_gross).toBe(corrected.amount_gross);
    expect(json.address.address1).toBe('Schulweg 7');

    const { pdf_url } = (
      await call('GET', `/orders/${order.id}/delivery_note`, { token: adminToken })
    ).json();
    const note = await call('GET', pdf_url.replace('/api/v1', ''));
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('Schulweg 7');
    expect(text).toMatch(/Stickeralbum\s+55\n/);
  }, 60_000);

  it('shows admins every change with who made it, and the customer only the changes that touch them', async () => {
    const order = await placeOrder({ noAlbums: 40 });
    await call('PATCH', `/line_items/${albumLine(order).id}`, {
      token: adminToken,
      payload: { quantity: 55 },
    });
    await call('PATCH', `/orders/${order.id}`, { token: adminToken, payload: { comment: 'Kunde ist VIP' } });

    const admin = await read(order.id, adminToken, 'de');
    const changed = admin.order_updates.filter((update) => update.signal === 'order_changed');
    expect(changed).toHaveLength(2);
    expect(changed[0]!.author).toBe(adminEmail);
    expect(changed[0]!.changes).toContainEqual({ field: 'no_albums', label: 'Alben', from: '40', to: '55' });
    expect(changed[0]!.changes.find((change) => change.field === 'amount_gross')!.to).toMatch(/€/);
    expect(changed[1]!.changes).toContainEqual(
      expect.objectContaining({ field: 'comment', label: 'Anmerkung', to: 'Kunde ist VIP' }),
    );
    const english = await read(order.id, adminToken, 'en');
    expect(english.order_updates.find((u) => u.signal === 'order_changed')!.changes).toContainEqual({
      field: 'no_albums',
      label: 'Albums',
      from: '40',
      to: '55',
    });

    const mine = await read(order.id, customer.access_token, 'de');
    const seen = mine.order_updates.filter((update) => update.signal === 'order_changed');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.author).toBeNull();
    expect(seen[0]!.changes.map((change) => change.field)).toContain('no_albums');
    expect(JSON.stringify(mine.order_updates)).not.toContain('Kunde ist VIP');
    expect(JSON.stringify(mine.order_updates)).not.toContain(adminEmail);
  }, 60_000);

  it('answers 404 to everyone but an admin before looking at the body, and changes nothing', async () => {
    const order = await placeOrder();
    const line = albumLine(order);
    for (const [who, token] of Object.entries(outsiderTokens)) {
      const responses = await Promise.all([
        call('PATCH', `/line_items/${line.id}`, { token, payload: { quantity: 0 } }),
        call('POST', `/orders/${order.id}/line_items`, { token, payload: { product: 7 } }),
        call('PATCH', `/orders/${order.id}`, { token, payload: { buyer_vat_id: 42, unknown: true } }),
        call('PATCH', `/addresses/${order.shipping_address.id}`, {
          token,
          payload: { country_code: 'germany' },
        }),
        call('POST', `/orders/${order.id}/order_updates`, { token, payload: { signal: 'nonsense' } }),
        call('POST', `/orders/${order.id}/comments`, { token, payload: { content: '' } }),
        call('GET', '/orders/dashboard?per=9999&scope=nonsense', { token }),
      ]);
      for (const response of responses) expect(response.statusCode, `${who}: ${response.body}`).toBe(404);
    }
    // The same bodies from an admin are refused as invalid.
    const bad = await call('PATCH', `/line_items/${line.id}`, {
      token: adminToken,
      payload: { quantity: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const vat = await call('PATCH', `/orders/${order.id}`, {
      token: adminToken,
      payload: { buyer_vat_id: 'DE12' },
    });
    expect(vat.statusCode).toBe(422);
    expect(vat.json().error.details.fields[0]).toMatchObject({
      field: 'buyer_vat_id',
      message: 'Diese USt-IdNr. hat nicht das Format des Lieferlandes (z. B. ATU12345678).',
    });
    // The document links are signed for a time counted from the read, so they differ when a second has passed.
    expect(unsigned(await read(order.id, adminToken))).toEqual(unsigned(order));
  }, 60_000);
});
