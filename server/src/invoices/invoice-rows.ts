/**
 * The invoice rows the order view reads (orders/repository.ts loadOrderParts). Apart from service.ts, which builds
 * invoices from orders, so the order code can read them without importing the invoice service back.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { invoices } from '../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** An order's latest invoice, with the credit note that voided it, if any. */
export type OrderInvoiceRow = InvoiceRow & { creditNote: InvoiceRow | null };

/**
 * The latest invoice of each order (after a credit note and a corrected invoice there are several; the newest is
 * the one that counts) and the credit note that corrected it, if any.
 */
export async function findOrderInvoices(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, OrderInvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  const notes = new Map(rows.flatMap((row) => (row.correctsInvoiceId ? [[row.correctsInvoiceId, row]] : [])));
  const latest = new Map<string, OrderInvoiceRow>();
  for (const row of rows) {
    if (row.kind === 'invoice') latest.set(row.orderId, { ...row, creditNote: notes.get(row.id) ?? null });
  }
  return latest;
}

/** The latest credit note of each order (the customer's order page shows it with its own link). */
export async function findOrderCreditNotes(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, InvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.orderId, [...orderIds]), eq(invoices.kind, 'credit_note')))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return new Map(rows.map((row) => [row.orderId, row]));
}
