import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOSS_SCHEMA } from '../jobs/sender.ts';
import { createStorage } from '../storage/index.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'error']) });

const check = z.enum(['ok', 'error']);
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  checks: z.object({
    database: check,
    queue: check,
    /** Only with REDIS_URL. */
    redis: check.optional(),
    /** Only with S3_BUCKET. */
    storage: check.optional(),
  }),
});

/** A dependency that does not answer within this is as good as down for a load balancer's probe. */
const CHECK_TIMEOUT_MS = 2_000;

async function probe(run: () => Promise<unknown>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers (README "Health and readiness"):
 * - GET /health, liveness: the process answers and its database does (503 else). Restart the instance when it fails.
 * - GET /ready, readiness: database, job queue and, when configured, Redis and S3 answer, and the instance is not
 *   shutting down. 503 names what failed; send it no traffic then, but do not restart it (it may be draining).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, lifecycle } = app.ctx;
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded', database: 'error' });
      }
    },
  );

  // S3 is asked for an object that need not exist: an answer, even "not found", means it is reachable.
  const s3 = config.s3?.bucket ? createStorage(config).storage : undefined;
  app.get(
    '/ready',
    { schema: { tags: ['health'], response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const [databaseCheck, queue, redis, storage] = await Promise.all([
        probe(() => database.db.execute(sql`select 1`)),
        probe(() => database.executeSql(`SELECT version FROM ${BOSS_SCHEMA}.version`)),
        app.realtime.redis ? probe(() => app.realtime.redis!.ping()) : undefined,
        s3 ? probe(() => s3.stat('ready-probe')) : undefined,
      ]);
      const checks = { database: databaseCheck, queue, redis, storage };
      const failed = Object.values(checks).includes('error');
      const status = lifecycle.draining ? 'draining' : failed ? 'not_ready' : 'ready';
      return reply.status(status === 'ready' ? 200 : 503).send({ status, checks });
    },
  );
};
