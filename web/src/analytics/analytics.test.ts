import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type AppModule = typeof import('./app.ts');
type ConsentModule = typeof import('../ui/cookie-consent/consent.ts');

interface SentRequest {
  url: string;
  init: RequestInit;
  body: { anonymous_id: string; events: Array<Record<string, unknown>> };
}

let sent: SentRequest[];
let cookieWrites: string[];
let app: AppModule;
let consent: ConsentModule;

const cookieDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) cookieDescriptor.set!.call(document, `${name}=; Max-Age=0; Path=/`);
  }
}

/** The browser hides the page: the server sink sends what it queued. */
const hidePage = () => window.dispatchEvent(new Event('pagehide'));

const cookieNames = () =>
  document.cookie
    .split('; ')
    .filter(Boolean)
    .map((part) => part.split('=')[0]);

/** A fresh app (modules re-evaluated) that landed on `url`, as main.tsx starts it. */
async function land(url: string) {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  consent = await import('../ui/cookie-consent/consent.ts');
  app = await import('./app.ts');
  app.startAnalytics();
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  sent = [];
  cookieWrites = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init, body: JSON.parse(String(init.body)) });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  // Observe what the browser is asked to store (expiry is not readable back from document.cookie).
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieDescriptor.get!.call(document),
    set: (value: string) => {
      cookieWrites.push(value);
      cookieDescriptor.set!.call(document, value);
    },
  });
});

afterEach(() => {
  hidePage();
  vi.unstubAllGlobals();
  delete (document as unknown as Record<string, unknown>).cookie;
});

describe('analytics consent gate', () => {
  it('sends nothing and stores no cookie before the user decided', async () => {
    await land('/album/new?utm_source=x');
    app.analytics.page('/album/new');
    app.track('Spread Created', { layout: 'l1' });
    hidePage();
    expect(sent).toEqual([]);
    expect(cookieNames()).toEqual([]);
  });

  it('sends nothing and stores no cookie when the user declined analytics', async () => {
    await land('/album/new?utm_source=x');
    consent.saveConsent(false);
    app.analytics.page('/album/new');
    app.track('Spread Created', { layout: 'l1' });
    hidePage();
    expect(sent).toEqual([]);
    expect(cookieNames()).toEqual([]);
  });

  it('sends page views and events after consent, with the landing page utm parameters', async () => {
    await land('/album/new?utm_source=x&utm_campaign=spring&gclid=ignored');
    consent.saveConsent(true);
    app.track('Spread Created', { layout: 'l1', stickers: 2, nested: { dropped: true } });
    hidePage();
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request.url).toBe('/api/v1/analytics/events');
    expect(request.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(request.body.anonymous_id).toMatch(/^[0-9a-f]{32}$/);
    const events = request.body.events;
    // The dialog's consent counts the page the user is on (useAnalyticsPageViews) only when React runs; here
    // the explicit call is the only one.
    expect(events).toEqual([
      {
        event: 'Spread Created',
        properties: { layout: 'l1', stickers: 2 },
        marketing: { utm_source: 'x', utm_campaign: 'spring' },
        path: '/album/new',
        timestamp: expect.any(String),
      },
    ]);
  });

  it('keeps the marketing parameters in a first-party cookie for 90 days once consent is given', async () => {
    await land('/start?utm_source=x&ad-set=a7&entrypoint=wedding');
    expect(cookieWrites).toEqual([]);
    consent.saveConsent(true);
    const marketing = cookieWrites.find((write) => write.startsWith('sb_marketing='));
    expect(marketing).toContain('Max-Age=7776000');
    expect(marketing).toContain('Path=/');
    expect(JSON.parse(decodeURIComponent(marketing!.split(';')[0].slice('sb_marketing='.length)))).toEqual({
      entrypoint: 'wedding',
      utm_source: 'x',
      'ad-set': 'a7',
    });

    // A later visit without parameters still attributes its events to the stored campaign.
    await land('/start');
    app.track('Element Created', { type: 'Text' });
    hidePage();
    expect(sent.at(-1)!.body.events[0].marketing).toEqual({
      entrypoint: 'wedding',
      utm_source: 'x',
      'ad-set': 'a7',
    });
    const anonymous = cookieWrites.filter((write) => write.startsWith('sb_analytics_id='));
    expect(anonymous.at(-1)).toContain('Max-Age=7776000');
  });

  it('withdrawing consent deletes the analytics cookies and drops the events not sent yet', async () => {
    await land('/start?utm_source=x');
    consent.saveConsent(true);
    app.track('Sticker Created', { source: 'form' });
    expect(cookieNames().sort()).toEqual(['sb_analytics_id', 'sb_marketing']);
    consent.saveConsent(false);
    hidePage();
    expect(sent).toEqual([]);
    expect(cookieNames()).toEqual([]);
    app.track('Sticker Created', { source: 'form' });
    hidePage();
    expect(sent).toEqual([]);
  });

  it('gives the POST /albums analytics_metadata the stored parameters only with consent', async () => {
    await land('/start?utm_source=x&utm_medium=mail');
    expect(app.albumAnalyticsMetadata({ entrypoint: 'wizard' })).toEqual({ entrypoint: 'wizard' });
    consent.saveConsent(true);
    expect(app.albumAnalyticsMetadata({ utm_medium: 'ad' })).toEqual({ utm_source: 'x', utm_medium: 'ad' });
  });

  it('never tracks the print renderer or the template preview', async () => {
    await land('/start');
    consent.saveConsent(true);
    app.analytics.page('/render/a1');
    app.analytics.page('/blueprint_preview');
    hidePage();
    expect(sent).toEqual([]);
  });

  it("sends the signed-in user's token with the batch, never a user id in the body", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = `h.${btoa(JSON.stringify({ sub: 'u1', exp }))}.s`;
    await land('/start');
    // The access token lives in memory only (issue 16): the session module of this page load holds it.
    const { setSession } = await import('../auth/session.ts');
    setSession({ kind: 'user', accessToken: token, user: { sub: 'u1', email: 'a@b.c', roles: [] } });
    consent.saveConsent(true);
    app.analytics.identify({ sub: 'u1' });
    app.analytics.identify({ sub: 'u1' });
    hidePage();
    expect(sent).toHaveLength(1);
    expect((sent[0].init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(sent[0].body.events.map((event) => event.event)).toEqual(['identify']);
    expect(JSON.stringify(sent[0].body)).not.toContain('u1');
  });

  it('sends a long session in batches of at most 20 events', async () => {
    await land('/start');
    consent.saveConsent(true);
    for (let i = 0; i < 45; i++) app.track('Element Created', { type: 'Text', i });
    hidePage();
    expect(sent.map((request) => request.body.events.length)).toEqual([20, 20, 5]);
  });
});

describe('analyticsPath', () => {
  it('hides the secret tokens of sticker links, previews and invitations', async () => {
    const { analyticsPath } = await import('./analytics.ts');
    expect(analyticsPath('/s/abc123')).toBe('/s/:token');
    expect(analyticsPath('/album/a1/preview/tok')).toBe('/album/a1/preview/:token');
    expect(analyticsPath('/invitations/tok/accept')).toBe('/invitations/:token/accept');
    expect(analyticsPath('/album/a1/stickers')).toBe('/album/a1/stickers');
  });
});
