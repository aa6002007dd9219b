import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdmin } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { outboxMails } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses, outboxSchema } from '@stickerbook/api';

const OUTBOX_PAGE = 100;

/**
 * The outbox (DESIGN.md "Outside services"): without SMTP_URL every mail of the product is kept in
 * `outbox_mails`; admins read the newest here. Anyone else gets 404, as for a page that does not exist.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        response: { 200: outboxSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!isAdmin(requirePrincipal(request))) throw notFound('Page');
      const rows = await db
        .select()
        .from(outboxMails)
        .orderBy(desc(outboxMails.createdAt))
        .limit(OUTBOX_PAGE);
      return {
        smtp_configured: Boolean(app.ctx.config.smtpUrl),
        mails: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          attachments: row.attachments.map((file) => ({
            filename: file.filename,
            content_type: file.contentType,
          })),
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
