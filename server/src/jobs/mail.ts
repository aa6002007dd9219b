import type { Database } from '../db/database.ts';
import { outboxMails } from '../db/schema.ts';

export const MAIL_QUEUE = 'mail';

export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Without SMTP, mail goes to the outbox table (DESIGN.md "Outside services"). TODO(mail issue): send through
 * SMTP_URL with nodemailer when it is set.
 */
export async function runMailJob(database: Database, mail: MailJob): Promise<void> {
  await database.db
    .insert(outboxMails)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}
