import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors.ts';
import { languageOf, preferredLanguage } from '../i18n/languages.ts';
import { supportMessages, users } from '../db/schema.ts';
import { queueMail } from '../jobs/mail.ts';
import { jobSender } from '../jobs/sender.ts';
import { errorResponses, receivedSupportMessageSchema, supportMessageSchema } from '@stickerbook/api';
import { supportMail, type SenderKind } from './mail.ts';

/** How much of the sender's User-Agent header is kept with the message. */
const USER_AGENT_MAX_CHARS = 500;

/** Room for the fields at their limits (in UTF-8 and JSON escaping) and nothing much more. */
const SUPPORT_MESSAGE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * SPEC §7 help widget, built-in form (when Chatwoot is not configured): POST /support_messages stores the
 * message and mails it to every admin through the mail job (SMTP_URL, else the outbox admins read at
 * /admin/outbox). Public, since guests and signed-out visitors need help too, and rate-limited per IP like the
 * other public posts. The answer says only that it arrived: nothing about the album id is looked up.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };
  const db = app.ctx.database.db;
  const jobs = jobSender(app.ctx.database);

  app.post(
    '/support_messages',
    {
      config: { rateLimit },
      bodyLimit: SUPPORT_MESSAGE_BODY_LIMIT_BYTES,
      schema: {
        tags: ['support'],
        body: supportMessageSchema,
        response: { 201: receivedSupportMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const body = request.body;
      const email = principal?.kind === 'user' ? principal.email : body.email;
      if (!email) {
        throw new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', {
          location: 'body',
          fields: [
            { field: 'email', code: 'required', message: 'An e-mail address to answer to is required' },
          ],
        });
      }
      const sender: SenderKind = principal?.kind ?? 'anonymous';
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX_CHARS) ?? null;
      const senderLanguage = preferredLanguage(request.headers['accept-language']) ?? 'en';

      const admins = await db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(sql`'admin' = any(${users.roles})`);
      const recipients = admins.length > 0 ? admins : [{ email: app.ctx.config.adminEmail, locale: null }];

      const [row] = await db
        .insert(supportMessages)
        .values({
          email,
          userId: principal?.kind === 'user' ? principal.id : null,
          guestId: principal?.kind === 'guest' ? principal.id : null,
          albumId: body.album_id ?? null,
          message: body.message,
          pagePath: body.page_path ?? null,
          userAgent,
          language: senderLanguage,
        })
        .returning({ id: supportMessages.id, createdAt: supportMessages.createdAt });
      try {
        for (const admin of recipients) {
          await queueMail(
            jobs,
            supportMail({
              to: admin.email,
              adminLanguage: languageOf(admin.locale),
              email,
              sender,
              albumId: body.album_id ?? null,
              pagePath: body.page_path ?? null,
              userAgent,
              senderLanguage,
              message: body.message,
              publicUrl: app.ctx.config.publicUrl,
            }),
          );
        }
      } catch (error) {
        // Not handed to the mail job: keep nothing; the sender sees the error, their text stays, they send again.
        await db.delete(supportMessages).where(eq(supportMessages.id, row.id));
        throw error;
      }
      request.log.info({ supportMessageId: row.id, sender }, 'support message received');
      return reply.status(201).send({ id: row.id, created_at: row.createdAt.toISOString() });
    },
  );
};
