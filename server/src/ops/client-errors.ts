import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@stickerbook/api';

/** Limits of one report; a longer stack is cut by the browser before sending (web/src/ui/reportClientError.ts). */
const CLIENT_ERROR_LIMITS = {
  messageChars: 2000,
  stackChars: 16_000,
  urlChars: 2000,
  userAgentChars: 500,
  releaseChars: 100,
} as const;

/** Room for the fields at their limits (in UTF-8 and JSON escaping) and nothing much more. */
const CLIENT_ERROR_BODY_LIMIT_BYTES = 64 * 1024;

const clientErrorSchema = z.strictObject({
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.messageChars),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stackChars).optional(),
  url: z.string().min(1).max(CLIENT_ERROR_LIMITS.urlChars),
  user_agent: z.string().max(CLIENT_ERROR_LIMITS.userAgentChars).optional(),
  release: z.string().max(CLIENT_ERROR_LIMITS.releaseChars).optional(),
});

/**
 * SPEC §8 "Error boundary: team informed": the crash screen reports the error here and the server writes it to
 * its log at error level, where the operators' log alerting picks it up like any server error. Public (a guest
 * or a signed-out visitor can crash too) and rate-limited like the other public routes. Who it happened to comes
 * from the access token when there is one, never from the body.
 */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.post(
    '/client_errors',
    {
      config: { rateLimit },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT_BYTES,
      schema: {
        tags: ['client errors'],
        body: clientErrorSchema,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { message, stack, url, user_agent: userAgent, release } = request.body;
      const principal = request.principal;
      request.log.error(
        {
          clientError: { message, stack, url, userAgent, release },
          userId: principal?.kind === 'user' ? principal.id : undefined,
          guestId: principal?.kind === 'guest' ? principal.id : undefined,
        },
        'client error reported',
      );
      return reply.status(204).send();
    },
  );
};
