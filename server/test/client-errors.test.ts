import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

/** The server's log lines, parsed, as an operator's log shipper would read them. */
const logged: Array<Record<string, unknown>> = [];
const logStream = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
const reports = () => logged.filter((line) => line.msg === 'client error reported');

const report = {
  message: "Cannot read properties of undefined (reading 'props')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'props')\n    at StickerTile (tile.tsx:12:3)",
  url: 'https://stickerbook.example/album/abc/stickers',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
  release: '2026.11.21',
};

describe('client error reports (POST /api/v1/client_errors)', () => {
  let t: TestApp;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/client_errors', payload: payload as object, headers });

  beforeAll(async () => {
    t = await startTestApp('pglite', { logLevel: 'info' }, { logStream });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    logged.length = 0;
  });

  it('writes a report from a signed-out visitor to the server log at error level and answers 204', async () => {
    const response = await post(report);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(reports()).toHaveLength(1);
    const [line] = reports();
    expect(line.level).toBe(50); // pino's "error"
    expect(line.clientError).toEqual({
      message: report.message,
      stack: report.stack,
      url: report.url,
      userAgent: report.user_agent,
      release: report.release,
    });
    expect(line.userId).toBeUndefined();
  });

  it('names the signed-in user from the access token, not from anything in the body', async () => {
    const session = await signUp(t.app);
    const response = await post(
      { message: 'boom', url: 'https://stickerbook.example/start' },
      bearer(session.access_token),
    );
    expect(response.statusCode).toBe(204);
    const [line] = reports();
    expect(line.userId).toBe(session.user.sub);
    expect(line.clientError).toMatchObject({ message: 'boom', url: 'https://stickerbook.example/start' });
  });

  it('refuses malformed reports with 400 and logs nothing', async () => {
    for (const body of [
      {},
      { ...report, message: '' },
      { ...report, url: undefined },
      { ...report, message: 42 },
      { ...report, user_id: 'someone-else' },
    ]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(reports()).toEqual([]);
  });

  it('refuses a report with an overlong field or an oversized body and logs nothing', async () => {
    const longStack = await post({ ...report, stack: 'x'.repeat(16_001) });
    expect(longStack.statusCode).toBe(400);
    const huge = await post({ ...report, stack: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(reports()).toEqual([]);
  });
});

describe('client error reports under the public rate limit', () => {
  it('answers 429 once a client has sent the per-minute number of reports', async () => {
    const t = await startTestApp('pglite', { rateLimits: { authPerMinute: 10, publicPerMinute: 2 } });
    try {
      const post = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/client_errors',
          payload: { message: 'boom', url: '/x' },
        });
      expect((await post()).statusCode).toBe(204);
      expect((await post()).statusCode).toBe(204);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await t.close();
    }
  });
});
