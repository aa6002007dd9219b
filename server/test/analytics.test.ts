import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecentAnalyticsEvents } from '../src/providers/analytics/events-repository.ts';
import {
  DATABASE_KINDS,
  bearer,
  createGuest,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const URL = '/api/v1/analytics/events';

const placed = (overrides: Record<string, unknown> = {}) => ({
  event: 'Spread Created',
  properties: { layout: 'two-stickers', stickers: 2 },
  marketing: { utm_source: 'newsletter', 'ad-set': 'spring' },
  path: '/album/a1',
  timestamp: new Date().toISOString(),
  ...overrides,
});

describe.each(DATABASE_KINDS)('analytics events on %s', (kind) => {
  let t: TestApp;
  let stored: () => ReturnType<typeof listRecentAnalyticsEvents>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    stored = () => listRecentAnalyticsEvents(t.database.db, { limit: 500 });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, payload: payload as object, headers });

  it('stores a batch with the signed-in user taken from the token, not from the body', async () => {
    const alice = await signUp(t.app);
    const before = (await stored()).length;
    const response = await post(
      {
        anonymous_id: 'anon-alice-0001',
        events: [
          placed(),
          { event: 'page', path: '/start' },
          { event: 'identify' },
          placed({ event: 'Sticker Placed', properties: { user_id: 'someone-else' } }),
        ],
      },
      bearer(alice.access_token),
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = (await stored()).filter((row) => row.anonymousId === 'anon-alice-0001');
    expect(rows).toHaveLength(4);
    expect((await stored()).length).toBe(before + 4);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set([alice.user.sub]));
    const spread = rows.find((row) => row.event === 'Spread Created')!;
    expect(spread.properties).toEqual({ layout: 'two-stickers', stickers: 2 });
    expect(spread.marketing).toEqual({ utm_source: 'newsletter', 'ad-set': 'spring' });
    expect(spread.path).toBe('/album/a1');
    expect(rows.map((row) => row.event).sort()).toEqual(
      ['Spread Created', 'Sticker Placed', 'identify', 'page'].sort(),
    );
  });

  it('stores events of guests and anonymous visitors without a user', async () => {
    const guest = await createGuest(t.app);
    expect(
      (await post({ anonymous_id: 'anon-guest-0001', events: [placed()] }, bearer(guest.access_token)))
        .statusCode,
    ).toBe(204);
    expect((await post({ anonymous_id: 'anon-nobody-01', events: [placed()] })).statusCode).toBe(204);
    const rows = (await stored()).filter(
      (row) => row.anonymousId.startsWith('anon-guest') || row.anonymousId.startsWith('anon-nobody'),
    );
    expect(rows.map((row) => row.userId)).toEqual([null, null]);
  });

  it('replaces a browser time far in the future by the arrival time', async () => {
    const future = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
    expect(
      (await post({ anonymous_id: 'anon-clock-001', events: [placed({ timestamp: future })] })).statusCode,
    ).toBe(204);
    const [row] = (await stored()).filter((r) => r.anonymousId === 'anon-clock-001');
    expect(row.occurredAt.getTime()).toBeLessThan(Date.now() + 60_000);
  });

  describe('refuses invalid batches whole, storing nothing', () => {
    const cases: Array<[string, unknown]> = [
      [
        'an unknown event name',
        { anonymous_id: 'anon-bad-0001', events: [placed(), placed({ event: 'Album Bought' })] },
      ],
      [
        'a batch over 50 events',
        { anonymous_id: 'anon-bad-0002', events: Array.from({ length: 51 }, () => placed()) },
      ],
      ['an empty batch', { anonymous_id: 'anon-bad-0003', events: [] }],
      [
        'properties over 2 KiB',
        {
          anonymous_id: 'anon-bad-0004',
          events: [
            placed({
              properties: Object.fromEntries(
                Array.from({ length: 10 }, (_, i) => [`k${i}`, 'x'.repeat(300)]),
              ),
            }),
          ],
        },
      ],
      [
        'more than 20 properties',
        {
          anonymous_id: 'anon-bad-0005',
          events: [
            placed({ properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }),
          ],
        },
      ],
      [
        'nested properties',
        { anonymous_id: 'anon-bad-0006', events: [placed({ properties: { nested: { a: 1 } } })] },
      ],
      [
        'an unknown marketing parameter',
        { anonymous_id: 'anon-bad-0007', events: [placed({ marketing: { gclid: 'x' } })] },
      ],
      ['a user id in the body', { anonymous_id: 'anon-bad-0008', user_id: 'someone', events: [placed()] }],
      ['a malformed anonymous id', { anonymous_id: 'x', events: [placed()] }],
    ];

    it.each(cases)('%s', async (_name, payload) => {
      const before = (await stored()).length;
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String) },
      });
      expect((await stored()).length).toBe(before);
    });

    it('malformed JSON', async () => {
      const before = (await stored()).length;
      const response = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json' },
        payload: '{"anonymous_id": "anon-bad-0009", "events": [',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
      expect((await stored()).length).toBe(before);
    });
  });

  it('is described in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths['/api/v1/analytics/events']).sort()).toEqual(['get', 'post']);
  });

  it('lists recent events to admins only', async () => {
    const admin = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'admin@stickerbook.local', password: t.seeded.generatedAdminPassword },
      })
    ).json();
    const bob = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: URL, headers: bearer(bob.access_token) })).statusCode,
    ).toBe(403);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${URL}?event=Spread%20Created`,
      headers: bearer(admin.access_token),
    });
    expect(listed.statusCode).toBe(200);
    const events = listed.json().events as Array<{ event: string; marketing: Record<string, string> }>;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.event === 'Spread Created')).toBe(true);
    expect(events[0].marketing).toEqual({ utm_source: 'newsletter', 'ad-set': 'spring' });
  });
});

describe('analytics rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { rateLimits: { authPerMinute: 3, publicPerMinute: 2 } });
  });
  afterAll(() => t.close());

  it('answers 429 in the error envelope over the public limit and stores nothing more', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: URL,
        payload: { anonymous_id: 'anon-rate-0001', events: [placed()] },
      });
    expect((await send()).statusCode).toBe(204);
    expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await listRecentAnalyticsEvents(t.database.db, { limit: 10 })).toHaveLength(2);
  });
});
