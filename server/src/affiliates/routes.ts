/**
 * The partner's statistics by token (GET /public/affiliate_conversions?url_token, SPEC §7); the partner accounts
 * themselves are the back office's (admin-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../http/errors.ts';
import {
  affiliateConversionsQuerySchema,
  affiliateConversionsSchema,
  errorResponses,
} from '@stickerbook/api';
import { conversionsOf, findAffiliateByToken } from './repository.ts';

export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  // Tokens are unguessable; the public route still gets the public limit so nobody can try them in bulk.
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.get(
    '/public/affiliate_conversions',
    {
      config: { rateLimit },
      schema: {
        tags: ['public'],
        querystring: affiliateConversionsQuerySchema,
        response: { 200: affiliateConversionsSchema, ...errorResponses },
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
