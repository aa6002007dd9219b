import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorSchema } from '@stickerbook/api';

/**
 * GET /legal/operator: who runs this installation (OPERATOR_* settings), for the imprint, terms, customer
 * information and privacy pages. Public and unchanging between restarts, so browsers may cache it briefly; it is
 * rate-limited like the other public reads.
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };
  app.get(
    '/legal/operator',
    {
      config: { rateLimit },
      schema: { tags: ['legal'], response: { 200: operatorSchema } },
    },
    async (_request, reply) => {
      const operator = app.ctx.config.operator;
      void reply.header('cache-control', 'public, max-age=300');
      return {
        company: operator.company,
        address: operator.address,
        register: operator.register,
        vat_id: operator.vatId,
        email: operator.email,
        phone: operator.phone,
        representative: operator.representative,
      };
    },
  );
};
