/**
 * Partner accounts (POST/GET /affiliates, SPEC §7), admin-only: the route index registers them under `adminOnly`
 * (auth/admin-only.ts), so a non-admin gets 404 whatever the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorEnvelopeSchema } from '../http/errors.ts';
import { errorResponses } from '@stickerbook/api';
import { insertAffiliate, listAffiliates, type AffiliateRow } from './repository.ts';

const affiliateSchema = z.object({
  id: z.string(),
  name: z.string(),
  url_token: z.string(),
  url_source: z.string(),
  created_at: z.string(),
});

const toView = (row: AffiliateRow) => ({
  id: row.id,
  name: row.name,
  url_token: row.urlToken,
  url_source: row.urlSource,
  created_at: row.createdAt.toISOString(),
});

export const affiliateAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/affiliates',
    {
      schema: {
        tags: ['admin'],
        response: { 200: z.object({ affiliates: z.array(affiliateSchema) }), ...errorResponses },
      },
    },
    async () => ({ affiliates: (await listAffiliates(db)).map(toView) }),
  );

  app.post(
    '/affiliates',
    {
      schema: {
        tags: ['admin'],
        body: z.strictObject({
          name: z.string().trim().min(1).max(200),
          // A chosen token must be as hard to guess as a generated one.
          url_token: z
            .string()
            .regex(/^[A-Za-z0-9_-]{24,100}$/, 'Must be 24 to 100 letters, digits, - or _')
            .optional(),
        }),
        response: {
          201: z.object({ affiliate: affiliateSchema }),
          ...errorResponses,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await insertAffiliate(db, { name: request.body.name, urlToken: request.body.url_token });
      if (!row) throw new AppError(409, 'AFFILIATE_TOKEN_TAKEN', 'This token is already in use');
      return reply.status(201).send({ affiliate: toView(row) });
    },
  );
};
