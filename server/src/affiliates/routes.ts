/**
 * Partner accounts (admin-only: POST/GET /affiliates) and the partner's statistics by token
 * (GET /public/affiliate_conversions?url_token, SPEC §7).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { requireAdmin } from '../orders/admin-access.ts';
import { errorResponses } from '@stickerbook/api';
import {
  conversionsOf,
  findAffiliateByToken,
  insertAffiliate,
  listAffiliates,
  type AffiliateRow,
} from './repository.ts';

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

const monthlySchema = z.object({
  total_count: z.number(),
  data: z.array(z.object({ month: z.string(), count: z.number() })),
});

export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  // Tokens are unguessable; the public route still gets the public limit so nobody can try them in bulk.
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.get(
    '/affiliates',
    {
      schema: {
        tags: ['admin'],
        response: { 200: z.object({ affiliates: z.array(affiliateSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { affiliates: (await listAffiliates(db)).map(toView) };
    },
  );

  app.post(
    '/affiliates',
    {
      // Before validation, so a non-admin gets 404 whatever the body.
      preValidation: async (request) => {
        requireAdmin(request);
      },
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

  app.get(
    '/public/affiliate_conversions',
    {
      config: { rateLimit },
      schema: {
        tags: ['public'],
        querystring: z.object({ url_token: z.string().max(200).default('') }),
        response: {
          200: z.object({
            name: z.string(),
            album_conversions: monthlySchema,
            order_conversions: monthlySchema,
            url_source: z.string(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const affiliate = request.query.url_token
        ? await findAffiliateByToken(db, request.query.url_token)
        : undefined;
      if (!affiliate) throw notFound('Affiliate');
      return {
        name: affiliate.name,
        ...(await conversionsOf(db, affiliate.id)),
        url_source: affiliate.urlSource,
      };
    },
  );
};
