/**
 * SPEC §7 analytics in a real browser: with analytics consent, a visit that landed with ?utm_source=x and
 * creates a spread leaves a 'Spread Created' event with utm_source=x on the server; without consent the
 * browser sends nothing and keeps no analytics cookie.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newPage, skipBrowserTests, startStack, type Stack } from './harness.ts';

let stack: Stack;
let browser: Browser;
/** The browser of the first test, whose late events (sent when its page closed) may still arrive. */
let acceptedAnonymousId = '';

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface StoredEvent {
  id: string;
  event: string;
  anonymous_id: string;
  user_id: string | null;
  properties: Record<string, unknown>;
  marketing: Record<string, string>;
  path: string | null;
}

/** What the server stored, newest first, through the admin listing. */
async function storedEvents(): Promise<StoredEvent[]> {
  const login = await fetch(`${stack.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const response = await fetch(`${stack.baseUrl}/api/v1/analytics/events?limit=500`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}

/** Lands on the wizard with marketing parameters, answers the cookie dialog, creates an album and a spread. */
async function landAndCreateSpread(
  page: Page,
  utmSource: string,
  choice: 'cookie-accept-all' | 'cookie-save',
) {
  await page.goto(`/album/new?utm_source=${utmSource}&utm_campaign=e2e`);
  await page.getByTestId(choice).click();
  await page.getByTestId(choice).waitFor({ state: 'hidden' });
  await page.locator('[data-testid="blueprint-card"][data-category="sports"]').first().click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-title').fill('Analytics FC');
  await page.getByTestId('wizard-release-date').fill('2027-06-12');
  await page.getByTestId('wizard-create').click();
  await page.waitForURL(/\/album\/[A-Za-z0-9_-]{16,}\/onboarding$/);
  await page.getByTestId('editor-tab-layouts').click();
  await page.getByTestId('layouts-panel').waitFor();
  await page.getByTestId('open-spread-creation').click();
  await page.getByTestId('creation-layout').first().click();
  await page.getByTestId('creation-next').click();
  await page.getByTestId('creation-create').click();
  await page.getByTestId('spread-creation').waitFor({ state: 'detached' });
}

describe.skipIf(skipBrowserTests)('analytics', () => {
  it('stores Spread Created with the landing utm_source once the user accepted analytics', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await landAndCreateSpread(page, 'x', 'cookie-accept-all');
    const cookies = await context.cookies();
    const marketing = cookies.find((cookie) => cookie.name === 'sb_marketing');
    expect(JSON.parse(decodeURIComponent(marketing!.value))).toEqual({
      utm_source: 'x',
      utm_campaign: 'e2e',
    });
    // SPEC §9: 90 days (the cookie's expiry is absolute; allow the minute the test took).
    const days = (marketing!.expires * 1000 - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    // Queued events leave after a short delay or when the page is hidden, whichever comes first.
    await expect
      .poll(async () => (await storedEvents()).find((event) => event.event === 'Spread Created'), {
        timeout: 15_000,
      })
      .toBeDefined();
    const events = await storedEvents();
    const spread = events.find((event) => event.event === 'Spread Created')!;
    expect(spread.marketing).toMatchObject({ utm_source: 'x', utm_campaign: 'e2e' });
    expect(spread.properties).toMatchObject({ source: 'creation_modal', layout: expect.any(String) });
    expect(spread.path).toMatch(/^\/album\/[A-Za-z0-9_-]+\//);
    const anonymousId = cookies.find((cookie) => cookie.name === 'sb_analytics_id')!.value;
    expect(spread.anonymous_id).toBe(anonymousId);
    acceptedAnonymousId = anonymousId;
    expect(events.some((event) => event.event === 'page' && event.anonymous_id === anonymousId)).toBe(true);
    await context.close();
  });

  it('sends and stores nothing when the user kept analytics off', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    const analyticsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/analytics/')) analyticsRequests.push(request.url());
    });
    const before = new Set((await storedEvents()).map((event) => event.id));
    await landAndCreateSpread(page, 'declined', 'cookie-save');
    // Hiding the page is when a queued batch would leave at the latest.
    await page.goto('/imprint');
    await page.close({ runBeforeUnload: true });
    expect(analyticsRequests).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sb_marketing');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sb_analytics_id');
    const events = await storedEvents();
    const newcomers = events.filter(
      (event) => !before.has(event.id) && event.anonymous_id !== acceptedAnonymousId,
    );
    expect(newcomers).toEqual([]);
    expect(events.some((event) => event.marketing.utm_source === 'declined')).toBe(false);
    await context.close();
  });
});
