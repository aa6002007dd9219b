/**
 * Staff set an order's price by hand (SPEC §7 PATCH /orders/{id} `amount`, `amount_gross`): the net or the total
 * they agreed with the customer. The lines keep their frozen prices, the difference is the order's price
 * adjustment, VAT stays half up on the net, the change is on the timeline, the invoice carries it, and bad input
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { pdfText } from '../helpers/pdf-files.ts';
import { DATABASE_KINDS, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import { caller, placeCleanOrder } from './helpers.ts';

interface OrderView {
  id: string;
  amount: number;
  amount_gross: number;
  tax_value: number;
  price_adjustment: number;
  price_adjustment_human: string;
  line_items: Array<{ amount: number }>;
  order_updates: Array<{ signal: string; changes: Array<{ field: string; from: string; to: string }> }>;
}

/** VAT at 19 % on the net, half up. */
const gross = (net: number) => net + Math.floor((net * 1_900 + 5_000) / 10_000);

describe.each(DATABASE_KINDS)('staff price of an order on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;
  let outsiderTokens: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    ({ adminToken, customer, outsiders: outsiderTokens } = await adminAndOutsiders(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const placeOrder = async () => read((await placeCleanOrder(t.app, customer.access_token)).orderId);
  // Without the delivery note's signed link, which is signed anew on each read.
  const read = async (id: string, token = adminToken): Promise<OrderView> => {
    const { delivery_note: _link, ...order } = (await call('GET', `/orders/${id}`, { token })).json().order;
    return order;
  };
  const patch = (id: string, payload: object, language = 'de') =>
    call('PATCH', `/orders/${id}`, { token: adminToken, payload, language });

  it('sets the agreed net: the lines keep their prices, VAT is half up on the new net', async () => {
    const order = await placeOrder();
    const listNet = order.amount;
    const agreed = listNet - 1_001;
    const response = await patch(order.id, { amount: agreed });
    expect(response.statusCode, response.body).toBe(200);
    const after = await read(order.id);
    expect(after.amount).toBe(agreed);
    expect(after.amount_gross).toBe(gross(agreed));
    expect(after.tax_value).toBe(after.amount_gross - agreed);
    expect(after.price_adjustment).toBe(-1_001);
    expect(after.price_adjustment_human).toBe('-10,01\u00a0€');
    expect(after.line_items.map((line) => line.amount)).toEqual(order.line_items.map((line) => line.amount));
    const change = after.order_updates.at(-1)!;
    expect(change.signal).toBe('order_changed');
    expect(change.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['price_adjustment', 'amount', 'amount_gross']),
    );
    // The customer sees what they now pay.
    expect((await read(order.id, customer.access_token)).amount_gross).toBe(gross(agreed));

    // Setting it again replaces the adjustment instead of adding to it; the list price is one PATCH away.
    expect((await patch(order.id, { amount: listNet + 500 })).statusCode).toBe(200);
    expect((await read(order.id)).price_adjustment).toBe(500);
    expect((await patch(order.id, { amount: listNet })).statusCode).toBe(200);
    expect((await read(order.id)).price_adjustment).toBe(0);
  });

  it('reaches an agreed total through its net, and names the reachable totals when rounding skips it', async () => {
    const order = await placeOrder();
    expect((await patch(order.id, { amount_gross: 28_501 })).statusCode).toBe(200);
    const after = await read(order.id);
    expect(after.amount_gross).toBe(28_501);
    expect(after.amount).toBe(23_950);

    // At 19 % some totals lie between two nets' totals: find one and check nothing changes.
    const skipped = Array.from({ length: 200 }, (_, i) => 30_000 + i).find(
      (total) => !Array.from({ length: 30_000 }, (_, n) => gross(n)).includes(total),
    )!;
    const refused = await patch(order.id, { amount_gross: skipped });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('AMOUNT_GROSS_UNREACHABLE');
    expect(refused.json().error.details.nearest).toEqual([skipped - 1, skipped + 1]);
    expect(refused.json().error.message).toContain('ergibt sich aus keinem Nettobetrag');
    expect((await patch(order.id, { amount_gross: skipped }, 'pl')).json().error.message).toContain(
      'Żadna kwota netto',
    );
    expect(await read(order.id)).toEqual(after);
  });

  it('refuses both at once, negative or fractional amounts, and everyone but an admin, changing nothing', async () => {
    const order = await placeOrder();
    const before = await read(order.id);
    const both = await patch(order.id, { amount: 100, amount_gross: 119 });
    expect(both.statusCode).toBe(422);
    expect(both.json().error.code).toBe('AMOUNT_AND_GROSS_GIVEN');
    for (const payload of [{ amount: -1 }, { amount: 10.5 }, { amount_gross: '100' }])
      expect((await patch(order.id, payload)).statusCode).toBe(400);
    for (const token of Object.values(outsiderTokens)) {
      const response = await call('PATCH', `/orders/${order.id}`, { token, payload: { amount: 1 } });
      expect(response.statusCode).toBe(404);
    }
    expect(await read(order.id)).toEqual(before);
  });

  it('puts the agreed price on the invoice: a reduction as an allowance, the totals of the order', async () => {
    const order = await placeOrder();
    await patch(order.id, { amount: order.amount - 2_345 });
    const after = await read(order.id);
    const invoice = await call('POST', `/orders/${order.id}/invoice`, { token: adminToken });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const issued = (await call('GET', `/orders/${order.id}`, { token: adminToken })).json().order.invoice;
    expect(issued.amount_gross).toBe(after.amount_gross);
    const pdf = await t.app.inject({ method: 'GET', url: issued.pdf_url });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Preisnachlass\s+−23,45 €/);
    // Invoiced: the price is frozen until a credit note releases it.
    const frozen = await patch(order.id, { amount: 1 });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.code).toBe('ORDER_INVOICED');
  }, 60_000);
});
