import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Config } from '../config/index.ts';
import { lockOrder } from '../orders/order-totals.ts';
import type { Db } from '../db/database.ts';
import { addresses, invoices, lineItems, orders, orderUpdates } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { stripeInvoicingFromConfig } from '../providers/stripe/index.ts';
import type { BlobStorage } from '../storage/index.ts';
import type { JobSender } from '../jobs/sender.ts';
import { buildInvoicePdf } from './e-invoice.ts';
import { prepareInvoiceMail, queueInvoiceMail } from './invoice-mail-job.ts';
import type { InvoiceData } from './invoice-data.ts';
import { allocateInvoiceNumber } from './numbering.ts';
import { orderInvoiceData } from './order-invoice-data.ts';
import { stripeInvoiceRequest } from './stripe-request.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const invoiceKey = (number: string) => `invoices/${number.slice(0, 4)}/${number}.pdf`;

/**
 * The order's invoice (not a credit note): the one that stands, else the latest one a credit note voided. After a
 * credit note and a corrected invoice an order has several; the newest is the one that counts.
 */
export async function findOrderInvoice(db: Db, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(1);
  return row;
}

/** Every invoice and credit note of the order, oldest first (the documents panel's history). */
export async function listOrderDocuments(db: Db, orderId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
}

/** The order's latest credit note, if any. */
export async function findOrderCreditNote(db: Db, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(1);
  return row;
}

interface IssueContext {
  db: Db;
  config: Config;
  storage: BlobStorage;
  /** Queues the document's mail to the customer inside the issuing transaction (invoice-mail-job.ts). */
  jobs: JobSender;
  /** Where a failed Stripe copy is reported (the request log). */
  onStripeError?: (error: unknown) => void;
}

/**
 * Issues the order's invoice in one transaction (CONTEXT.md "Issuing an invoice"): lock the order, refuse a second
 * standing invoice, take the next gapless number, render and store the PDF, insert the row and the timeline
 * update. A rollback gives the number back; the next issue overwrites the orphaned file under that number. After
 * a credit note voided the invoice, this issues the corrected invoice from the order as it is now (issue 21 §2).
 */
export async function issueInvoice(ctx: IssueContext, orderId: string, userId: string): Promise<InvoiceRow> {
  await prepareInvoiceMail(ctx.jobs);
  const issued = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [standing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), ne(invoices.status, 'void')));
    if (standing) throw new AppError(409, 'INVOICE_ALREADY_EXISTS', 'This order already has an invoice');
    const [address] = await tx.select().from(addresses).where(eq(addresses.orderId, orderId));
    const items = await tx
      .select()
      .from(lineItems)
      .where(eq(lineItems.orderId, orderId))
      .orderBy(asc(lineItems.position));
    const issueDate = today();
    const { number } = await allocateInvoiceNumber(tx, issueDate);
    // The delivery date is the shipment's once the albums were shipped, else the planned one (§14 UStG).
    const [shipped] = await tx
      .select({ createdAt: orderUpdates.createdAt })
      .from(orderUpdates)
      .where(and(eq(orderUpdates.orderId, orderId), eq(orderUpdates.signal, 'albums_shipped')))
      .orderBy(desc(orderUpdates.createdAt))
      .limit(1);
    const data = orderInvoiceData({
      order,
      address,
      items,
      seller: ctx.config.seller,
      number,
      issueDate,
      shippedAt: shipped?.createdAt,
    });
    const row = await storeDocument(tx, ctx.storage, data, {
      orderId,
      status: 'open',
      correctsInvoiceId: null,
    });
    await tx
      .insert(orderUpdates)
      .values({ orderId, signal: 'invoice_created', userId, metadata: { number } });
    await queueInvoiceMail(ctx.jobs, tx, { invoiceId: row.id });
    return row;
  });
  try {
    return (await createStripeInvoice(ctx, issued)) ?? issued;
  } catch (error) {
    // The invoice is issued and valid without its Stripe copy; the customer then pays by bank transfer.
    ctx.onStripeError?.(error);
    return issued;
  }
}

/**
 * A credit note corrects the whole standing invoice: its own number from the same sequence, and the invoice
 * becomes void, which releases the order for corrections (orders/invoice-freeze.ts).
 *
 * Its status follows SPEC §4's invoice statuses for the money it moves, honestly: after a paid invoice the
 * amount is owed back to the customer, so the credit note is `open` until refunded; after an unpaid invoice
 * nothing was paid and nothing is owed either way — it only cancels the claim — so it is `void` (no amount
 * outstanding), never `paid`.
 */
export async function issueCreditNote(
  ctx: IssueContext,
  orderId: string,
  userId?: string,
): Promise<InvoiceRow> {
  await prepareInvoiceMail(ctx.jobs);
  const result = await ctx.db.transaction(async (tx) => {
    // The order row first, as every edit and the invoice issue lock it: a credit note and an edit never interleave.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(1)
      .for('update');
    if (!invoice) throw new AppError(409, 'INVOICE_MISSING', 'This order has no invoice to correct');
    if (invoice.status === 'void')
      throw new AppError(409, 'INVOICE_ALREADY_VOID', 'The invoice is already void');
    const issueDate = today();
    const { number } = await allocateInvoiceNumber(tx, issueDate);
    const original = invoice.data as unknown as InvoiceData;
    const data: InvoiceData = {
      ...original,
      number,
      kind: 'credit_note',
      issueDate,
      correctedInvoice: { number: invoice.number, issueDate: original.issueDate },
      // Only a paid invoice's credit note promises a refund.
      correctedInvoicePaid: invoice.status === 'paid',
    };
    const note = await storeDocument(tx, ctx.storage, data, {
      orderId,
      status: invoice.status === 'paid' ? 'open' : 'void',
      correctsInvoiceId: invoice.id,
    });
    await tx.update(invoices).set({ status: 'void' }).where(eq(invoices.id, invoice.id));
    await tx.insert(orderUpdates).values({
      orderId,
      signal: 'credit_note_created',
      userId: userId ?? null,
      metadata: { number, corrects: invoice.number },
    });
    await queueInvoiceMail(ctx.jobs, tx, {
      invoiceId: note.id,
      correctedInvoicePaid: invoice.status === 'paid',
    });
    return { note, invoice };
  });
  const stripe = stripeInvoicingFromConfig(ctx.config);
  if (stripe && result.invoice.stripeInvoiceId) await stripe.voidInvoice(result.invoice.stripeInvoiceId);
  return result.note;
}

async function storeDocument(
  tx: Db,
  storage: BlobStorage,
  data: InvoiceData,
  row: { orderId: string; status: InvoiceRow['status']; correctsInvoiceId: string | null },
): Promise<InvoiceRow> {
  const pdf = await buildInvoicePdf(data);
  const storageKey = invoiceKey(data.number);
  await storage.put(storageKey, pdf, 'application/pdf');
  const [inserted] = await tx
    .insert(invoices)
    .values({
      ...row,
      number: data.number,
      kind: data.kind,
      currency: data.currency,
      netAmount: data.totals.netMinor,
      taxAmount: data.totals.vatMinor,
      grossAmount: data.totals.grossMinor,
      storageKey,
      sha256: sha256(pdf),
      data: data as unknown as Record<string, unknown>,
    })
    .returning();
  return inserted!;
}

/** After the commit, with STRIPE_SECRET_KEY: the Stripe copy, idempotent by our number, so a retry is safe. */
async function createStripeInvoice(ctx: IssueContext, invoice: InvoiceRow): Promise<InvoiceRow | undefined> {
  const stripe = stripeInvoicingFromConfig(ctx.config);
  if (!stripe) return undefined;
  const created = await stripe.createInvoice(stripeInvoiceRequest(invoice.data as unknown as InvoiceData));
  const [updated] = await ctx.db
    .update(invoices)
    .set({ stripeInvoiceId: created.stripeInvoiceId, hostedInvoiceUrl: created.hostedInvoiceUrl })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated;
}

/** Stripe's invoice.paid: idempotent, as Stripe may deliver an event twice; a void invoice stays void. */
export async function markInvoicePaid(
  db: Db,
  stripeInvoiceId: string,
  number: string | undefined,
): Promise<void> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.stripeInvoiceId, stripeInvoiceId));
  const target =
    invoice ??
    (number ? (await db.select().from(invoices).where(eq(invoices.number, number)))[0] : undefined);
  // Only an invoice is paid by the customer; a credit note's money goes the other way.
  if (target?.kind !== 'invoice') return;
  if (!target || target.status !== 'open') return;
  await db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, target.id));
}

/** Reads a stored invoice, checking it is the file that was issued (GoBD: unaltered). */
export async function readInvoicePdf(storage: BlobStorage, invoice: InvoiceRow): Promise<Buffer> {
  const pdf = await storage.read(invoice.storageKey);
  if (sha256(pdf) !== invoice.sha256)
    throw new AppError(500, 'INVOICE_FILE_ALTERED', 'The stored invoice was altered');
  return pdf;
}
