import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database.ts';
import { outboxMails } from '../db/schema.ts';

export const MAIL_QUEUE = 'mail';

/** A mail that could not be handed to the SMTP server is tried again: after 1, 2, 4, 8 and 16 minutes. */
export const MAIL_SEND_OPTIONS = { retryLimit: 5, retryDelay: 60, retryBackoff: true };

export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailDeps {
  database: Database;
  /** SMTP_URL; unset = the outbox table. */
  smtpUrl?: string;
  /** The sender address (MAIL_FROM). */
  from: string;
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
 * retries the job (MAIL_SEND_OPTIONS).
 */
export async function runMailJob(deps: MailDeps, mail: MailJob): Promise<void> {
  if (deps.smtpUrl) {
    await transportFor(deps.smtpUrl).sendMail({
      from: deps.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return;
  }
  await deps.database.db
    .insert(outboxMails)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}
