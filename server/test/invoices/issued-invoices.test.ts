/**
 * Invoices issued through the API from real orders (issue 21): the voucher as an allowance that agrees with the
 * order to the cent, the delivery date from the shipment or the plan (never the event date), the order's tax data
 * and a public buyer's XRechnung — each checked against the official rule sets.
 */
import { estimatedDeliveryDate } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.ts';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { describeAsserts, runRuleSet, saxonAvailable } from '../helpers/e-invoice-rules.ts';
import { seller } from '../helpers/invoice-fixtures.ts';
import { pdfAttachment, pdfAttachmentNames, pdfText } from '../helpers/pdf-files.ts';
import { DATABASE_KINDS, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import { caller, placeCleanOrder } from '../orders/helpers.ts';

const rulesAvailable = await saxonAvailable();

describe.each(DATABASE_KINDS)('invoices issued from orders on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;

  beforeAll(async () => {
    // The seller of the fixtures: with contact name and telephone, as an XRechnung needs (BR-DE-5, BR-DE-6).
    t = await startTestApp(kind, { seller });
    call = caller(t.app);
    ({ adminToken, customer } = await adminAndOutsiders(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const placeOrder = async (overrides: Record<string, unknown> = {}) => ({
    id: (await placeCleanOrder(t.app, customer.access_token, overrides)).orderId,
  });

  async function issue(orderId: string, document: 'invoice' | 'credit_note' = 'invoice') {
    const issued = await call('POST', `/orders/${orderId}/${document}`, { token: adminToken });
    expect(issued.statusCode, issued.body).toBe(201);
    const pdf = await call('GET', `/orders/${orderId}/${document}.pdf`, { token: adminToken });
    expect(pdf.statusCode).toBe(200);
    return pdf.rawPayload;
  }

  const xmlOf = async (pdf: Buffer) => {
    const [name] = await pdfAttachmentNames(pdf);
    return (await pdfAttachment(pdf, name!)).toString('utf8');
  };

  it('puts the voucher on the invoice as an allowance and agrees with the order to the cent', async () => {
    const placed = await placeOrder({ voucherCode: 'WILLKOMMEN10', lastName: 'Gutscheinprüfer' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.voucher?.discount).toBeGreaterThan(0);
    const pdf = await issue(placed.id);
    const xml = await xmlOf(pdf);
    const decimal = (minor: number) => (minor / 100).toFixed(2);
    expect(xml).toContain(
      `<ram:AllowanceTotalAmount>${decimal(order!.voucher!.discount)}</ram:AllowanceTotalAmount>`,
    );
    expect(xml).toContain(`<ram:TaxBasisTotalAmount>${decimal(order!.amount)}</ram:TaxBasisTotalAmount>`);
    expect(xml).toContain(
      `<ram:TaxTotalAmount currencyID="EUR">${decimal(order!.taxValue)}</ram:TaxTotalAmount>`,
    );
    expect(xml).toContain(`<ram:GrandTotalAmount>${decimal(order!.amountGross)}</ram:GrandTotalAmount>`);
    const text = await pdfText(pdf);
    const euro = (minor: number) => `${decimal(minor).replace('.', ',')} €`;
    expect(text).toMatch(new RegExp(`Gutschein WILLKOMMEN10\\s+−${euro(order!.voucher!.discount)}`));
    expect(text).not.toContain('Voucher');
    // Not shipped yet: the planned delivery date, labelled as such, and never the event (release) date.
    expect(text).toContain('Voraussichtliches Lieferdatum');
    expect(xml).not.toContain('ActualDeliverySupplyChainEvent');
    expect(xml).not.toContain(order!.releaseDate.replaceAll('-', ''));
    // The plan: the model's estimate, two months from ordering (SPEC §9), stated as the invoiced period.
    const planned = estimatedDeliveryDate(order!.createdAt).replaceAll('-', '');
    expect(xml).toMatch(
      new RegExp(
        `<ram:BillingSpecifiedPeriod>\\s*<ram:StartDateTime>\\s*<udt:DateTimeString format="102">${planned}`,
      ),
    );
  });

  it('states the shipment day as the delivery date once the albums were shipped', async () => {
    const placed = await placeOrder({ lastName: 'Versandprüfer' });
    const shipped = await call('POST', `/orders/${placed.id}/order_updates`, {
      token: adminToken,
      payload: {
        signal: 'albums_shipped',
        metadata: { tracking_code: '00340434161094042557' },
        confirm: true,
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const pdf = await issue(placed.id);
    const xml = await xmlOf(pdf);
    expect(xml).toMatch(
      new RegExp(
        `<ram:ActualDeliverySupplyChainEvent>\\s*<ram:OccurrenceDateTime>\\s*<udt:DateTimeString format="102">${today.replaceAll('-', '')}`,
      ),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Lieferdatum');
    expect(text).not.toContain('Voraussichtliches Lieferdatum');
  });

  it.skipIf(!rulesAvailable)(
    "issues a public buyer's XRechnung and its credit note that pass both rule sets",
    async () => {
      const placed = await placeOrder({ lastName: 'Schulverwaltung' });
      // The Leitweg-ID as the checkout or an admin stores it on the order.
      await t.database.db
        .update(orders)
        .set({ buyerReference: '04011000-1234512345-06' })
        .where(eq(orders.id, placed.id));
      const invoice = await issue(placed.id);
      const note = await issue(placed.id, 'credit_note');
      expect(await pdfAttachmentNames(invoice)).toEqual(['xrechnung.xml']);
      const documents = { invoice: await xmlOf(invoice), note: await xmlOf(note) };
      expect(documents.invoice).toContain('<ram:BuyerReference>04011000-1234512345-06</ram:BuyerReference>');
      const [en16931, xrechnung] = await Promise.all([
        runRuleSet('en16931', documents),
        runRuleSet('xrechnung', documents),
      ]);
      for (const name of ['invoice', 'note'] as const) {
        expect(describeAsserts(en16931[name]!.errors), name).toEqual([]);
        expect(describeAsserts(xrechnung[name]!.errors), name).toEqual([]);
      }
      // The invoice was never paid: the credit note cancels it and promises no refund.
      const text = await pdfText(note);
      expect(text).toContain('Sie müssen sie nicht bezahlen');
      expect(text).not.toContain('erstatten');
    },
    60_000,
  );
});
