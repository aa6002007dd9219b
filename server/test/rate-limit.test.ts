import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
