/** SPEC §7 help widget, the built-in form: a message to the admins from anyone, signed in or not. */
import { z } from 'zod';

/** Limits of one message; the web's form checks the same ones before sending. */
export const SUPPORT_MESSAGE_LIMITS = {
  messageChars: 5000,
  emailChars: 254,
  pathChars: 2000,
} as const;

/** POST /support_messages. */
export const supportMessageSchema = z.strictObject({
  message: z.string().trim().min(1).max(SUPPORT_MESSAGE_LIMITS.messageChars),
  /** Who to answer; required unless signed in (then the account's address is used and this is ignored). */
  email: z.email().max(SUPPORT_MESSAGE_LIMITS.emailChars).optional(),
  /** The album the sender was on; kept and mailed as text only. */
  album_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** The page the form was opened on (path and query of this site). */
  page_path: z
    .string()
    .max(SUPPORT_MESSAGE_LIMITS.pathChars)
    .regex(/^\/(?!\/)/)
    .optional(),
});

/** POST /support_messages, 201: only that the message arrived. */
export const receivedSupportMessageSchema = z.object({ id: z.string(), created_at: z.string() });

export type SupportMessageBody = z.input<typeof supportMessageSchema>;
export type ReceivedSupportMessageView = z.infer<typeof receivedSupportMessageSchema>;
