/**
 * Line-item edits of a placed order through the API (issue 14, issue 21): each edit recomputes the line and the
 * order's totals with the order's frozen prices and VAT (half up), is recorded on the timeline as a change, and
 * only an admin may make it (404 for the rest). The actions themselves are tested in actions/line-items.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { DATABASE_KINDS, signUp, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import { caller, placeCleanOrder } from './helpers.ts';

interface Line {
  id: string;
  product: string;
  description: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  amount_gross: number;
}
interface OrderView {
  id: string;
  amount: number;
  amount_gross: number;
  tax_value: number;
  line_items: Line[];
  order_updates: Array<{ signal: string; human_title: string }>;
}

/** Issue 21: VAT at 19 % on the net, rounded half up (the German rate the test orders are placed with). */
const gross = (net: number) => net + Math.floor((net * 1_900 + 5_000) / 10_000);

describe.each(DATABASE_KINDS)('line-item edits on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    ({ adminToken, customer } = await adminAndOutsiders(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function placeOrder(): Promise<OrderView> {
    const { orderId } = await placeCleanOrder(t.app, customer.access_token);
    return (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order as OrderView;
  }

  /** Net of the lines plus whatever else the order carries (shipping), taken from the placed order. */
  const shippingOf = (order: OrderView) =>
    order.amount - order.line_items.reduce((sum, l) => sum + l.amount, 0);

  function expectConsistentTotals(order: OrderView, shipping: number) {
    for (const line of order.line_items) {
      expect(line.amount).toBe(line.quantity * line.unit_amount);
      expect(line.amount_gross).toBe(gross(line.amount));
    }
    const net = order.line_items.reduce((sum, l) => sum + l.amount, 0) + shipping;
    expect(order.amount).toBe(net);
    expect(order.amount_gross).toBe(gross(net));
    expect(order.tax_value).toBe(order.amount_gross - order.amount);
  }

  it('changes a quantity at the frozen unit price and recomputes the line and the totals', async () => {
    const order = await placeOrder();
    const shipping = shippingOf(order);
    const album = order.line_items.find((l) => l.product === 'album')!;
    const changed = await call('PATCH', `/line_items/${album.id}`, {
      token: adminToken,
      payload: { quantity: album.quantity + 7, description: 'Mit Goldprägung' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().order as OrderView;
    const line = after.line_items.find((l) => l.id === album.id)!;
    expect(line.unit_amount).toBe(album.unit_amount);
    expect(line.amount).toBe((album.quantity + 7) * album.unit_amount);
    expect(line.description).toBe('Mit Goldprägung');
    expect(after.amount).toBe(order.amount + 7 * album.unit_amount);
    expectConsistentTotals(after, shipping);
    expect(after.order_updates.map((u) => u.signal)).toContain('order_changed');
  });

  it('adds a line at the current price and deletes it again, back to the original totals', async () => {
    const order = await placeOrder();
    const shipping = shippingOf(order);
    const added = await call('POST', `/orders/${order.id}/line_items`, {
      token: adminToken,
      payload: { product: 'stickerpack', quantity: 10, description: 'Nachbestellung' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const withLine = added.json().order as OrderView;
    expect(withLine.line_items).toHaveLength(order.line_items.length + 1);
    const fresh = withLine.line_items.at(-1)!;
    expect(fresh).toMatchObject({ product: 'stickerpack', quantity: 10, description: 'Nachbestellung' });
    expect(fresh.unit_amount).toBeGreaterThan(0);
    expectConsistentTotals(withLine, shipping);

    const removed = await call('DELETE', `/line_items/${fresh.id}`, { token: adminToken });
    expect(removed.statusCode, removed.body).toBe(200);
    const back = removed.json().order as OrderView;
    expect(back.line_items.map((l) => l.id)).toEqual(order.line_items.map((l) => l.id));
    expect(back).toMatchObject({
      amount: order.amount,
      amount_gross: order.amount_gross,
      tax_value: order.tax_value,
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const order = await placeOrder();
    const line = order.line_items[0]!;
    const bad = [
      call('PATCH', `/line_items/${line.id}`, { token: adminToken, payload: { quantity: 0 } }),
      call('PATCH', `/line_items/${line.id}`, { token: adminToken, payload: { quantity: 2.5 } }),
      call('PATCH', `/line_items/${line.id}`, { token: adminToken, payload: { amount: 1 } }),
      call('POST', `/orders/${order.id}/line_items`, {
        token: adminToken,
        payload: { product: 'caviar', quantity: 1 },
      }),
      call('POST', `/orders/${order.id}/line_items`, { token: adminToken, payload: { product: 'album' } }),
    ];
    for (const response of await Promise.all(bad)) expect(response.statusCode, response.body).toBe(400);
    const read = (await call('GET', `/orders/${order.id}`, { token: adminToken })).json().order as OrderView;
    expect(read.line_items).toEqual(order.line_items);
    expect(read.amount_gross).toBe(order.amount_gross);
  });

  it('answers 404 to the customer, a stranger and anonymous callers, and for unknown lines', async () => {
    const order = await placeOrder();
    const line = order.line_items[0]!;
    const stranger = await signUp(t.app);
    for (const token of [customer.access_token, stranger.access_token, undefined]) {
      const responses = await Promise.all([
        call('PATCH', `/line_items/${line.id}`, { token, payload: { quantity: 99 } }),
        call('POST', `/orders/${order.id}/line_items`, { token, payload: { product: 'album', quantity: 1 } }),
        call('DELETE', `/line_items/${line.id}`, { token }),
      ]);
      for (const response of responses) expect(response.statusCode).toBe(404);
    }
    const unknown = await call('DELETE', '/line_items/00000000-0000-4000-8000-000000000000', {
      token: adminToken,
    });
    expect(unknown.statusCode).toBe(404);
    const read = (await call('GET', `/orders/${order.id}`, { token: adminToken })).json().order as OrderView;
    expect(read.line_items).toEqual(order.line_items);
  });
});
