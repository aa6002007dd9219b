import { ANALYTICS_CALLS, ANALYTICS_LIMITS, MARKETING_PARAMS, type MarketingParam } from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { forbidden } from '../http/errors.ts';
import { createAnalyticsSink, type AnalyticsRecord } from '../providers/analytics/index.ts';
import { listRecentAnalyticsEvents } from '../providers/analytics/events-repository.ts';
import { findUserById } from '../users/repository.ts';
import { errorResponses } from '@stickerbook/api';

/** 50 events of at most ~3 KiB each fit; anything bigger is not a batch our client sends. */
const ANALYTICS_BODY_LIMIT_BYTES = 192 * 1024;
/** A browser clock may be off; times further out than this are replaced by the arrival time. */
const CLOCK_SKEW_MS = { past: 7 * 24 * 60 * 60 * 1000, future: 5 * 60 * 1000 };

const propertyValue = z.union([
  z.string().max(ANALYTICS_LIMITS.propertyValueChars),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/** SPEC §7 properties: a small flat JSON object (no nesting, bounded keys and size). */
const propertiesSchema = z
  .record(z.string().min(1).max(ANALYTICS_LIMITS.propertyKeyChars), propertyValue)
  .refine((value) => Object.keys(value).length <= ANALYTICS_LIMITS.propertyKeys, {
    message: `At most ${ANALYTICS_LIMITS.propertyKeys} properties`,
  })
  .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= ANALYTICS_LIMITS.propertiesBytes, {
    message: `Properties may take at most ${ANALYTICS_LIMITS.propertiesBytes} bytes`,
  });

const marketingSchema = z.partialRecord(
  z.enum(MARKETING_PARAMS),
  z.string().max(ANALYTICS_LIMITS.marketingValueChars),
);

const eventSchema = z.strictObject({
  event: z.enum(ANALYTICS_CALLS),
  properties: propertiesSchema.optional(),
  marketing: marketingSchema.optional(),
  path: z.string().max(500).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

const batchSchema = z.strictObject({
  anonymous_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8 to 64 letters, digits, - or _'),
  events: z.array(eventSchema).min(1).max(ANALYTICS_LIMITS.batchEvents),
});

const storedEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  anonymous_id: z.string(),
  user_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  marketing: z.record(z.string(), z.string()),
  path: z.string().nullable(),
  occurred_at: z.string(),
  created_at: z.string(),
});

function occurredAt(timestamp: string | undefined, now: Date): Date {
  if (!timestamp) return now;
  const at = new Date(timestamp);
  const offset = at.getTime() - now.getTime();
  return offset > CLOCK_SKEW_MS.future || -offset > CLOCK_SKEW_MS.past ? now : at;
}

/**
 * SPEC §7 analytics. The browser sends a batch only after the user consented (web/src/analytics); this route is
 * public like the other anonymous endpoints and rate-limited the same way. The user is whoever the access token
 * says, never a field of the body. A batch is stored whole or not at all.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const sink = createAnalyticsSink(ctx.config, { db });
  const rateLimit = { max: ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.post(
    '/analytics/events',
    {
      config: { rateLimit },
      bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
      schema: {
        tags: ['analytics'],
        body: batchSchema,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      // A token may outlive its account; such events are kept as anonymous.
      const userId =
        principal?.kind === 'user' && (await findUserById(db, principal.id)) ? principal.id : null;
      const now = new Date();
      const records: AnalyticsRecord[] = request.body.events.map((event) => ({
        event: event.event,
        anonymousId: request.body.anonymous_id,
        userId,
        properties: event.properties ?? {},
        marketing: (event.marketing ?? {}) as Record<MarketingParam, string>,
        path: event.path ?? null,
        occurredAt: occurredAt(event.timestamp, now),
      }));
      await sink.record(records);
      return reply.status(204).send();
    },
  );

  app.get(
    '/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        querystring: z.object({
          event: z.enum(ANALYTICS_CALLS).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: z.object({ events: z.array(storedEventSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!isAdmin(principal)) throw forbidden('ADMIN_ONLY', 'Only admins can read analytics events');
      const rows = await listRecentAnalyticsEvents(db, request.query);
      return {
        events: rows.map((row) => ({
          id: row.id,
          event: row.event,
          anonymous_id: row.anonymousId,
          user_id: row.userId,
          properties: row.properties,
          marketing: row.marketing,
          path: row.path,
          occurred_at: row.occurredAt.toISOString(),
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
