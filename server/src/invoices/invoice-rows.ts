/**
 * The invoice rows the order view reads (orders/repository.ts loadOrderParts). Apart from service.ts, which builds
 * invoices from orders, so the order code can read them without importing the invoice service back.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { invoices } from '../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Each order's invoice, or with `kind: 'credit_note'` its credit note (the latest, if it has several). */
export async function findOrderInvoices(
  db: Db,
  orderIds: readonly string[],
  kind: InvoiceRow['kind'] = 'invoice',
): Promise<Map<string, InvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.orderId, [...orderIds]), eq(invoices.kind, kind)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return new Map(rows.map((row) => [row.orderId, row]));
}
