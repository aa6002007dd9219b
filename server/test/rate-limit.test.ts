import type { FastifyInstance } from 'fastify';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { rateLimits: { authPerMinute: 3, publicPerMinute: 2 } });
  });
  afterAll(() => t.close());

  it('answers the request over the auth limit with 429 in the error envelope', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'x@example.com', password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringContaining('retry'),
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits public guest tokens separately', async () => {
    const guest = () => t.app.inject({ method: 'POST', url: '/api/v1/public/guest_tokens' });
    expect((await guest()).statusCode).toBe(201);
    expect((await guest()).statusCode).toBe(201);
    expect((await guest()).statusCode).toBe(429);
  });

  it('does not limit signed-in album routes', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/albums' })).statusCode).toBe(401);
  });
});

describe('rate limits behind a reverse proxy', () => {
  const guest = (t: TestApp, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/public/guest_tokens',
      headers: { 'x-forwarded-for': client },
    });

  it('counts each client address of X-Forwarded-For on its own when the proxy is trusted', async () => {
    const t = await startTestApp('pglite', {
      rateLimits: { authPerMinute: 3, publicPerMinute: 1 },
      trustProxy: true,
    });
    try {
      expect((await guest(t, '203.0.113.1')).statusCode).toBe(201);
      expect((await guest(t, '203.0.113.1')).statusCode).toBe(429);
      expect((await guest(t, '203.0.113.2')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For by default, so a client cannot pick a fresh address', async () => {
    const t = await startTestApp('pglite', { rateLimits: { authPerMinute: 3, publicPerMinute: 1 } });
    try {
      expect((await guest(t, '203.0.113.1')).statusCode).toBe(201);
      expect((await guest(t, '203.0.113.2')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!(process.env.DATABASE_URL && process.env.REDIS_URL))(
  'rate limits of two instances sharing PostgreSQL and Redis',
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await startTestApp('postgres', {
        redisUrl: process.env.REDIS_URL,
        rateLimits: { authPerMinute: 3, publicPerMinute: 3 },
      });
      const database = await openDatabase({ databaseUrl: a.config.databaseUrl, dataDir: a.config.dataDir });
      b = await buildApp(a.config, { database });
      await b.ready();
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    // A client address of its own per run: the counters outlive this test in Redis for their minute.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const guest = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/v1/public/guest_tokens', remoteAddress: client });

    it('counts a client across both instances, so a second instance is no way around the limit', async () => {
      expect((await guest(a.app)).statusCode).toBe(201);
      expect((await guest(b)).statusCode).toBe(201);
      expect((await guest(a.app)).statusCode).toBe(201);
      const overB = await guest(b);
      expect(overB.statusCode).toBe(429);
      expect(overB.json().error.code).toBe('RATE_LIMITED');
      expect((await guest(a.app)).statusCode).toBe(429);
    });

    it('keeps the count in Redis, where a restarted instance finds it', async () => {
      const restarted = await buildApp(a.config, {
        database: await openDatabase({ databaseUrl: a.config.databaseUrl, dataDir: a.config.dataDir }),
      });
      try {
        expect((await guest(restarted)).statusCode).toBe(429);
      } finally {
        await restarted.close();
      }
    });
  },
);
