import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stickerTemplates } from '../db/schema.ts';
import { errorResponses, stickerTemplateListSchema, type StickerTemplateListView } from '@stickerbook/api';

/**
 * The sticker frame designs (SPEC §3 template documents, ids 595-617) the renderer draws every sticker with.
 * Public like the blueprints: guests edit albums and the print route renders them.
 */
export const stickerTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };
  app.get(
    '/sticker_templates',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker templates'],
        response: { 200: stickerTemplateListSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const rows = await db.select().from(stickerTemplates).orderBy(asc(stickerTemplates.id));
      // Seeded data that changes only with a deploy.
      void reply.header('cache-control', 'public, max-age=300');
      // Seeded files are checked against this schema by the seed tests; the row type is the wider StickerTemplate.
      return {
        sticker_templates: rows.map((row) => row.data) as StickerTemplateListView['sticker_templates'],
      };
    },
  );
};
