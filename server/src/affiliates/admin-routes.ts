/**
 * Partner accounts (POST/GET /affiliates, SPEC §7), admin-only: the route index registers them under `adminOnly`
 * (auth/admin-only.ts), so a non-admin gets 404 whatever the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorEnvelopeSchema } from '../http/errors.ts';
import {
  affiliateListSchema,
  affiliateResponseSchema,
  errorResponses,
  newAffiliateSchema,
  type AffiliateView,
} from '@stickerbook/api';
import { insertAffiliate, listAffiliates, type AffiliateRow } from './repository.ts';

const toView = (row: AffiliateRow): AffiliateView => ({
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
        response: { 200: affiliateListSchema, ...errorResponses },
      },
    },
    async () => ({ affiliates: (await listAffiliates(db)).map(toView) }),
  );

  app.post(
    '/affiliates',
    {
      schema: {
        tags: ['admin'],
        body: newAffiliateSchema,
        response: {
          201: affiliateResponseSchema,
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
