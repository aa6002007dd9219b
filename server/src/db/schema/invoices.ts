import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

// Invoices (issue 14) ----------------------------------------------------------------------------------------------

/**
 * One row per calendar year: the last invoice number issued in it. Numbers come from an upsert that locks this row
 * in the issuing transaction (invoices/numbering.ts), so they are gapless: a transaction that rolls back gives its
 * number back, and the next one waits for the lock. Credit notes draw from the same sequence.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issued invoices and credit notes (SPEC §3 Invoice, issue 14). Immutable once issued (GoBD): the PDF under
 * `storage_key` is written once and never regenerated; only `status` and the Stripe fields change afterwards.
 * One standing (not void) invoice per order (partial unique index), so a second "create invoice" gets 409; a credit
 * note points at the invoice it corrects and voids it, and a corrected invoice may follow (issue 21 §2).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    correctsInvoiceId: uuid('corrects_invoice_id'),
    status: text('status', { enum: ['draft', 'open', 'paid', 'uncollectible', 'void'] }).notNull(),
    currency: text('currency').notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** The InvoiceData the PDF was built from, so the Stripe copy can be made later from the same values. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One standing invoice per order: a credit note voids it, and the corrected invoice may then be issued.
    uniqueIndex('invoices_order_standing_invoice_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.status} <> 'void'`),
    uniqueIndex('invoices_corrects_idx').on(t.correctsInvoiceId),
    index('invoices_stripe_idx').on(t.stripeInvoiceId),
  ],
);
