import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export interface SecurityHeaderOptions {
  production: boolean;
  /** Origins the browser loads images from besides ours: the stock photo CDN, the S3 endpoint. */
  imageOrigins?: string[];
  /** Origins the browser talks to besides ours: the S3 endpoint for direct uploads. */
  connectOrigins?: string[];
  /** A help widget's server (Chatwoot): its script, its frame and its API; none by default. */
  widgetOrigins?: string[];
}

/**
 * Security headers; the CSP is what the SPA needs and nothing more (inline styles: Mantine's emotion). helmet's
 * middleware is built once and run on every request: @fastify/helmet built it anew per request (parsing the CSP
 * each time), ~9 % of the server's CPU on GET /albums/:id.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { production, imageOrigins = [], connectOrigins = [], widgetOrigins = [] }: SecurityHeaderOptions,
): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widgetOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins, ...widgetOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...connectOrigins, ...widgetOrigins],
        frameSrc: ["'self'", ...widgetOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Only in production (behind TLS) would upgrading http subresources be right.
        upgradeInsecureRequests: null,
      },
    },
    // Images and fonts may be embedded by the render worker and previews on other origins later.
    crossOriginEmbedderPolicy: false,
    // HSTS on http://localhost would only confuse browsers; production runs behind TLS.
    strictTransportSecurity: production,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/** Redis keys of the counters; one prefix, so they are easy to find and never collide with other data. */
const RATE_LIMIT_KEY_PREFIX = 'stickerbook:rate-limit:';

/**
 * Rate limits are opt-in per route (`config.rateLimit`): only auth and public routes get one, so the editor's
 * chatty authenticated calls are never throttled. With `redisUrl` the counters live in Redis, so every instance
 * behind the load balancer counts together and a restart forgets nothing; without it, in this process.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl?: string } = {},
): Promise<void> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // A request waits for Redis at most this long; then it is let through (skipOnError below).
        commandTimeout: 1_000,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.error({ err: error }, 'rate limit redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? {
          redis,
          nameSpace: RATE_LIMIT_KEY_PREFIX,
          // Redis being away must not take logins down with it: the limit is a brake, not a lock.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}
