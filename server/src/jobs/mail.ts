import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, ExecuteSql } from '../db/database.ts';
import { mailDeliveries, outboxMails, type OutboxAttachment } from '../db/schema.ts';
import type { BlobStorage } from '../storage/index.ts';
import { jobSender } from './sender.ts';

export const MAIL_QUEUE = 'mail';

/** Text as HTML for a mail's HTML part. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A mail that could not be handed to the SMTP server is tried again: after 1, 2, 4, 8 and 16 minutes. */
export const MAIL_SEND_OPTIONS = { retryLimit: 5, retryDelay: 60, retryBackoff: true };

export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Stored files to attach (an issued invoice's PDF), by storage key: the job and the outbox keep the reference,
   * the bytes are read from storage only when the mail is handed to SMTP.
   */
  attachments?: MailAttachment[];
  /** A mail that must go out once (an invoice's): a job retried after delivery finds the key and sends nothing. */
  dedupeKey?: string;
}

type MailAttachment = OutboxAttachment;

/** What can put a job on a queue: the API's sender (jobs/sender.ts) or a worker's pg-boss. */
export interface MailQueueSender {
  send(queue: string, data: object, options: PgBoss.SendOptions): Promise<unknown>;
}

/**
 * The one way to send a mail: a job on the mail queue, which runMailJob delivers (SMTP or the outbox) with
 * retries and, with a `dedupeKey`, at most once. With `inTransaction` (the caller's transaction's executeSql)
 * the job's row is written in that transaction, so the mail exists exactly when what it announces does; call
 * `prepareMailQueue` before the transaction so that only the row is written inside it.
 */
export async function queueMail(
  jobs: MailQueueSender,
  mail: MailJob,
  { inTransaction }: { inTransaction?: ExecuteSql } = {},
): Promise<void> {
  await jobs.send(
    MAIL_QUEUE,
    mail,
    inTransaction ? { ...MAIL_SEND_OPTIONS, db: { executeSql: inTransaction } } : MAIL_SEND_OPTIONS,
  );
}

/** Starts the job sender and makes the mail queue, before a transaction that queues a mail. */
export function prepareMailQueue(jobs: { ready(queue: string): Promise<void> }): Promise<void> {
  return jobs.ready(MAIL_QUEUE);
}

/** Queues mails from the API process on the database's job sender (jobs/sender.ts). */
export function mailSender(database: Database): { send(mail: MailJob): Promise<void> } {
  return { send: (mail) => queueMail(jobSender(database), mail) };
}

export interface MailDeps {
  database: Database;
  /** SMTP_URL; unset = the outbox table. */
  smtpUrl?: string;
  /** The sender address (MAIL_FROM). */
  from: string;
  /** Where attachments are read from; needed only for mails with attachments sent through SMTP. */
  storage?: BlobStorage;
}

const transports = new Map<string, Transporter>();

/** One pooled SMTP connection per server URL, reused by every mail job of the process. */
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    transport = nodemailer.createTransport(url.href);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Closes the SMTP connections (on shutdown). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/**
 * Sends a mail through SMTP_URL (nodemailer) when it is set; without it the mail goes to the outbox table
 * (DESIGN.md "Outside services"), where admins read it. A refused or failed SMTP delivery throws, so pg-boss
 * retries the job (MAIL_SEND_OPTIONS). A mail with a `dedupeKey` goes out once however often its job runs.
 */
export async function runMailJob(deps: MailDeps, mail: MailJob): Promise<void> {
  const { db } = deps.database;
  const attachments = mail.attachments ?? [];
  if (deps.smtpUrl) {
    if (mail.dedupeKey && (await delivered(deps.database, mail.dedupeKey))) return;
    if (attachments.length > 0 && !deps.storage) throw new Error('mail attachments need the storage');
    await transportFor(deps.smtpUrl).sendMail({
      from: deps.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: await Promise.all(
        attachments.map(async (file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: await deps.storage!.read(file.storageKey),
        })),
      ),
    });
    if (mail.dedupeKey) await db.insert(mailDeliveries).values({ key: mail.dedupeKey }).onConflictDoNothing();
    return;
  }
  const row = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments };
  if (!mail.dedupeKey) {
    await db.insert(outboxMails).values(row);
    return;
  }
  const key = mail.dedupeKey;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(mailDeliveries)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: mailDeliveries.key });
    if (claimed.length > 0) await tx.insert(outboxMails).values(row);
  });
}

async function delivered(database: Database, key: string): Promise<boolean> {
  const rows = await database.db
    .select({ key: mailDeliveries.key })
    .from(mailDeliveries)
    .where(eq(mailDeliveries.key, key));
  return rows.length > 0;
}
