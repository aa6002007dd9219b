/**
 * The issue-invoice and issue-credit-note actions on their own (issue 21 §2): an invoice freezes the order, a
 * credit note voids it and releases the order, and the corrected invoice of the corrected order takes the next
 * number. A credit note is never `paid`: after an unpaid invoice nothing is owed (void), after a paid one the
 * refund is (open).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderUpdates } from '../../../src/db/schema.ts';
import { editLineItem } from '../../../src/orders/actions/edit-line-item.ts';
import { markInvoicePaid } from '../../../src/invoices/service.ts';
import { standingInvoice } from '../../../src/orders/invoice-freeze.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { refusal, startActions, type ActionsSetup } from './helpers.ts';

const next = (number: string) => {
  const [year, sequence] = number.split('-');
  return `${year}-${String(Number(sequence) + 1).padStart(sequence!.length, '0')}`;
};

describe.each(DATABASE_KINDS)('invoicing actions on %s', (kind) => {
  let s: ActionsSetup;

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('issues one invoice of the order’s totals; a second is refused while it stands', async () => {
    const order = await s.placeOrder();
    const invoice = await s.invoice(order.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      status: 'open',
      netAmount: order.amount,
      taxAmount: order.taxValue,
      grossAmount: order.amountGross,
    });
    expect(await standingInvoice(s.t.database.db, order.id)).toMatchObject({ number: invoice.number });
    expect(await refusal(s.invoice(order.id))).toMatchObject({ status: 409, code: 'INVOICE_ALREADY_EXISTS' });
  });

  it('corrects by credit note, then invoices the corrected order with the next number', async () => {
    const order = await s.placeOrder({ noAlbums: 40 });
    const first = await s.invoice(order.id);
    const note = await s.creditNote(order.id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: next(first.number),
      correctsInvoiceId: first.id,
      grossAmount: first.grossAmount,
    });
    const [voided] = await s.t.database.db.select().from(invoices).where(eq(invoices.id, first.id));
    expect(voided!.status).toBe('void');
    expect(await standingInvoice(s.t.database.db, order.id)).toBeUndefined();

    const album = (await s.lines(order.id)).find((line) => line.product === 'album')!;
    const corrected = await editLineItem(
      { db: s.t.database.db },
      { lineId: album.id, change: { quantity: 55 }, actor: s.actor() },
    );
    const second = await s.invoice(order.id);
    expect(second).toMatchObject({
      kind: 'invoice',
      status: 'open',
      number: next(note.number),
      grossAmount: corrected.amountGross,
    });
    expect(second.grossAmount).not.toBe(first.grossAmount);
    const signals = (
      await s.t.database.db.select().from(orderUpdates).where(eq(orderUpdates.orderId, order.id))
    ).map((row) => row.signal);
    expect(signals.filter((signal) => signal === 'invoice_created')).toHaveLength(2);
    expect(signals).toContain('credit_note_created');
  });

  it('marks a credit note of an unpaid invoice void and one of a paid invoice open — never paid', async () => {
    const unpaid = await s.placeOrder();
    await s.invoice(unpaid.id);
    expect((await s.creditNote(unpaid.id)).status).toBe('void');

    const paid = await s.placeOrder();
    const invoice = await s.invoice(paid.id);
    await markInvoicePaid(s.t.database.db, 'in_unknown', invoice.number);
    const note = await s.creditNote(paid.id);
    expect(note.status).toBe('open');
    // A payment event naming the credit note does not make it paid.
    await markInvoicePaid(s.t.database.db, 'in_unknown', note.number);
    const [row] = await s.t.database.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(row!.status).toBe('open');
  });

  it('refuses a credit note without an invoice and a second one for the same invoice', async () => {
    const order = await s.placeOrder();
    expect(await refusal(s.creditNote(order.id))).toMatchObject({ status: 409, code: 'INVOICE_MISSING' });
    await s.invoice(order.id);
    await s.creditNote(order.id);
    expect(await refusal(s.creditNote(order.id))).toMatchObject({
      status: 409,
      code: 'INVOICE_ALREADY_VOID',
    });
  });
});
