import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { invoiceCounters } from '../db/schema.ts';

/**
 * Invoice numbers: YYYY-NNNNNN, sequential per calendar year of the issue date, without gaps (GoBD and §14 UStG
 * want a unique, unbroken sequence; a gap must be explained to a tax auditor).
 *
 * How: one upsert on the year's `invoice_counters` row inside the caller's transaction, the one that also writes
 * the invoice. The upsert takes the row lock, so a second issuer waits until the first commits and then reads the
 * new value (READ COMMITTED, PostgreSQL's default, re-checks the conflicting row); if the first rolls back, its
 * number was never taken. The price is that issuing invoices is serialised per year, for the length of the
 * issuing transaction: keep that transaction short (no PDF rendering or Stripe call while it holds the lock if
 * they can fail slowly; store the PDF after, in the same transaction only if it is quick).
 *
 * Under SERIALIZABLE or REPEATABLE READ the waiting transaction fails with a serialization error instead; retry
 * it or use the default isolation level.
 */
export interface AllocatedInvoiceNumber {
  /** "2026-000123" */
  number: string;
  year: number;
  /** 123 */
  sequence: number;
}

const SEQUENCE_DIGITS = 6;

/** `tx` must be a transaction the caller commits together with the invoice row. */
export async function allocateInvoiceNumber(tx: Db, issueDate: string): Promise<AllocatedInvoiceNumber> {
  const year = yearOf(issueDate);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1`, updatedAt: sql`now()` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { number: formatInvoiceNumber(year, sequence), year, sequence };
}

function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The year of an ISO date ("2026-03-01"): the invoice's own date decides, not the server's clock or time zone. */
function yearOf(issueDate: string): number {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(issueDate);
  if (!match) throw new RangeError(`Not an ISO date: ${issueDate}`);
  return Number(match[1]);
}
