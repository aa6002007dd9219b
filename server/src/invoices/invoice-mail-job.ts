/**
 * Getting an issued invoice or credit note to the customer (invoice-mail.ts says what the mail says).
 *
 * Why a job of its own, written in the issuing transaction: the mail then exists exactly when the document does.
 * A crash after the commit cannot lose it (the job's row committed with the invoice), a rolled-back issue sends
 * nothing, and a retried request that gets 409 queues nothing. The job carries only the document's id; the worker
 * reads the frozen invoice row and writes the mail when it runs, so it can name the Stripe payment page, which is
 * made after the commit (service.ts). The mail's `dedupeKey` (jobs/mail.ts) makes a retried job a no-op once the
 * mail went out.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config/index.ts';
import { transactionExecuteSql, type Database, type Db } from '../db/database.ts';
import { addresses, invoices, orders } from '../db/schema.ts';
import { MAIL_SEND_OPTIONS, runMailJob } from '../jobs/mail.ts';
import type { JobSender } from '../jobs/sender.ts';
import { orderName } from '../orders/view.ts';
import type { BlobStorage } from '../storage/index.ts';
import type { InvoiceData } from './invoice-data.ts';
import { invoiceMail } from './invoice-mail.ts';
import { documentLanguage } from './order-invoice-data.ts';

export const INVOICE_MAIL_QUEUE = 'invoice-mail';

export interface InvoiceMailJob {
  /** The issued invoice or credit note (invoices.id). */
  invoiceId: string;
  /** For a credit note: whether the invoice it corrects had been paid (its status is `void` from then on). */
  correctedInvoicePaid?: boolean;
}

/**
 * How long an invoice's mail waits for its Stripe page when Stripe is configured: the copy is made right after
 * the commit, so a job that finds none yet is retried (MAIL_SEND_OPTIONS: after 1, then 2 minutes); after this it
 * goes out with the bank transfer alone, which every invoice states anyway.
 */
const STRIPE_WAIT_MS = 2 * 60_000;

/** Before the issuing transaction: starts the job sender and makes the queue, so inside it only a row is written. */
export function prepareInvoiceMail(jobs: JobSender): Promise<void> {
  return jobs.ready(INVOICE_MAIL_QUEUE);
}

/** Inside the issuing transaction `tx`, after the document's row: the job that mails it, committed with it. */
export async function queueInvoiceMail(jobs: JobSender, tx: Db, job: InvoiceMailJob): Promise<void> {
  await jobs.send(INVOICE_MAIL_QUEUE, job, {
    ...MAIL_SEND_OPTIONS,
    singletonKey: `invoice-mail:${job.invoiceId}`,
    db: { executeSql: transactionExecuteSql(tx) },
  });
}

export interface InvoiceMailDeps {
  database: Database;
  storage: BlobStorage;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'seller' | 'stripeSecretKey'>;
  now?: () => number;
}

export async function runInvoiceMailJob(deps: InvoiceMailDeps, job: InvoiceMailJob): Promise<void> {
  const { db } = deps.database;
  const [document] = await db.select().from(invoices).where(eq(invoices.id, job.invoiceId));
  // An invoice is never deleted (GoBD); a missing row means a job of another database, nothing to send.
  if (!document) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, document.orderId));
  if (!order) return;
  const [address] = await db.select().from(addresses).where(eq(addresses.orderId, order.id));
  const waitingForStripe =
    document.kind === 'invoice' &&
    Boolean(deps.config.stripeSecretKey) &&
    !document.hostedInvoiceUrl &&
    (deps.now?.() ?? Date.now()) - document.issuedAt.getTime() < STRIPE_WAIT_MS;
  if (waitingForStripe) throw new Error(`invoice ${document.number}: waiting for its Stripe page`);

  const data = document.data as unknown as InvoiceData;
  const corrected =
    document.kind === 'credit_note' && data.correctedInvoice
      ? { ...data.correctedInvoice, paid: job.correctedInvoicePaid === true }
      : undefined;
  const mail = invoiceMail({
    to: order.email,
    language: documentLanguage(order),
    firstName: address?.firstName ?? '',
    orderName: orderName(order.number),
    orderUrl: `${deps.config.publicUrl}/orders/${order.id}`,
    document: {
      kind: document.kind,
      number: document.number,
      issueDate: data.issueDate,
      dueDate: data.dueDate,
      grossMinor: document.grossAmount,
      currency: document.currency,
      storageKey: document.storageKey,
      hostedInvoiceUrl: document.hostedInvoiceUrl,
    },
    seller: deps.config.seller,
    corrected,
  });
  await runMailJob(
    {
      database: deps.database,
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      storage: deps.storage,
    },
    { ...mail, dedupeKey: `invoice-mail:${document.id}` },
  );
}
