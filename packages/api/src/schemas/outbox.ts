/**
 * GET /admin/outbox (DESIGN.md "Outside services"): without a mail server (SMTP_URL) every mail of the product is
 * kept in the outbox, and admins read the newest here.
 */
import { z } from 'zod';

const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Attached files by name (an invoice's PDF); the outbox keeps their storage reference, not the bytes. */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string() })),
  created_at: z.string(),
});

/** The newest mails first; with `smtp_configured` new mails go out through the mail server and are not kept here. */
export const outboxSchema = z.object({ mails: z.array(outboxMailSchema), smtp_configured: z.boolean() });

export type OutboxView = z.infer<typeof outboxSchema>;
