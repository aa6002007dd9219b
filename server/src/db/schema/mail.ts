import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Mail without SMTP lands here (DESIGN.md "Outside services"); admins read it at a dev mailbox page. */
export const outboxMails = pgTable('outbox_mails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /**
   * Files attached to the mail, by reference: the storage key of a file that is stored anyway (an issued invoice's
   * PDF, which never changes), never the bytes, so the outbox stays small and shows what SMTP would have attached.
   */
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

/**
 * Mails that must go out once (jobs/mail.ts `dedupeKey`, e.g. an invoice's mail): a job retried after its mail
 * was handed over finds its key here and sends nothing. For the outbox the key and the mail are one transaction;
 * for SMTP the key is written right after the server accepted the mail (a crash in between is the one way left to
 * send twice: SMTP has no idempotency).
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
});
