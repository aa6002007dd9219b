/**
 * Issue 2 in a real browser: sign-up, wizard, start page, delete; the guest path with migration; guards;
 * language switch. Drives the built app served by the real server (embedded PGlite) in Debian's Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  skipBrowserTests,
  signInWithSession,
  signUpFresh,
  startStack,
  type Stack,
  dismissCookieDialog,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

async function signUp(page: Page, email: string): Promise<void> {
  await page
    .getByLabel(/e-mail/i)
    .first()
    .fill(email);
  await page
    .getByLabel(/^password/i)
    .first()
    .fill('correct horse battery');
  await page.getByTestId('signup-submit').click();
}

async function chooseTemplateAndCreate(page: Page, category: string, title: string): Promise<void> {
  await page.locator(`[data-testid="blueprint-card"][data-category="${category}"]`).first().click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-title').fill(title);
  await page.getByTestId('wizard-release-date').fill('2027-06-12');
  await page.getByTestId('wizard-create').click();
  await page.waitForURL(/\/album\/[A-Za-z0-9_-]{16,}\/onboarding$/);
}

describe.skipIf(skipBrowserTests)('the foundation in a browser', () => {
  it('signs up, creates an album in the wizard, sees it on the start page and deletes it after confirming', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/signup');
    await dismissCookieDialog(page);
    await signUp(page, uniqueEmail('owner'));
    await page.waitForURL(/\/start$/);

    await page.getByTestId('create-album').click();
    await page.waitForURL(/\/album\/new/);
    // Every template card shows that template's real cover.
    await expect
      .poll(() => page.locator('[data-testid="blueprint-card"] [data-testid="cover-preview"]').count(), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(6);
    await chooseTemplateAndCreate(page, 'wedding', 'Anna & Ben');
    await expect
      .poll(() => page.getByTestId('editor-album-title').inputValue(), { timeout: 15_000 })
      .toContain('Anna & Ben');

    await page.goto('/start');
    const card = page.getByTestId('album-card').filter({ hasText: 'Anna & Ben' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    // The card shows the album's own cover, drawn with its title, not a stand-in.
    await expect
      .poll(() => card.getByTestId('cover-preview').textContent(), { timeout: 20_000 })
      .toContain('Anna & Ben');

    await card.getByTestId('album-delete').click();
    await page.getByTestId('confirm-modal-cancel').click();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);

    await card.getByTestId('album-delete').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await page.getByTestId('own-albums-empty').waitFor();
    await context.close();
  });

  it('lets a guest create an album and moves it to the account on sign-up', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/album/new');
    await dismissCookieDialog(page);
    await chooseTemplateAndCreate(page, 'sports', 'FC Guest Stars');
    const albumUrl = new URL(page.url()).pathname;

    await page.getByTestId('login-to-save').click();
    await page.waitForURL(/\/(login|signup)/);
    if (page.url().includes('/login')) await page.getByTestId('to-signup').click();
    // The login form's fields are still on screen for a moment after the link: fill the sign-up form's.
    await page.waitForURL(/\/signup/);
    await page.getByTestId('signup-submit').waitFor();
    await signUp(page, uniqueEmail('guest'));
    await page.waitForURL((url) => !/\/(login|signup)/.test(url.pathname));

    await page.goto('/start');
    await expect
      .poll(() => page.getByTestId('album-card').filter({ hasText: 'FC Guest Stars' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.goto(albumUrl);
    await expect
      .poll(() => page.getByTestId('editor-album-title').inputValue(), { timeout: 15_000 })
      .toContain('FC Guest Stars');
    await context.close();
  });

  it('keeps no token in local storage after login: the refresh token is an HttpOnly cookie, and logout ends it', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    const email = uniqueEmail('cookie');
    await page.goto('/signup');
    await dismissCookieDialog(page);
    await signUp(page, email);
    await page.waitForURL(/\/start$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL(/\/login/);

    await page
      .getByLabel(/e-mail/i)
      .first()
      .fill(email);
    await page
      .getByLabel(/^password/i)
      .first()
      .fill('correct horse battery');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/start$/);

    const refresh = (await context.cookies()).find((cookie) => cookie.name === 'sb_refresh')!;
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/refresh' });
    const stored = await page.evaluate(() => ({
      local: Object.entries(localStorage).join('\n'),
      session: Object.entries(sessionStorage).join('\n'),
      cookies: document.cookie,
    }));
    for (const place of Object.values(stored)) {
      expect(place).not.toContain(refresh.value);
      expect(place).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    }
    expect(stored.local).toContain(email);

    // A reload keeps the user signed in: the page refreshes from the cookie.
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/start');
    // The user menu shows from what the page remembers; the refresh that rotates the cookie may still be on its way.
    const currentRefresh = async () =>
      (await context.cookies()).find((cookie) => cookie.name === 'sb_refresh')!;
    await expect
      .poll(async () => (await currentRefresh()).value, { timeout: 10_000 })
      .not.toBe(refresh.value);
    const rotated = await currentRefresh();

    // Logout clears the cookie on the server's word and revokes it: the last value no longer refreshes.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL(/\/login/);
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'sb_refresh'))
      .toBe(false);
    const reuse = await fetch(`${stack.baseUrl}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `sb_refresh=${rotated.value}` },
    });
    expect(reuse.status).toBe(401);
    await context.close();
  });

  it('shows the 404 page to a non-admin at /dashboard', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/signup');
    await dismissCookieDialog(page);
    await signUp(page, uniqueEmail('member'));
    await page.waitForURL(/\/start$/);
    await page.goto('/dashboard');
    await page.getByTestId('not-found-page').waitFor();
    await page.getByTestId('not-found-page').getByRole('link').first().click();
    await page.waitForURL(/\/start$/);
    await context.close();
  });

  it('sends an unknown path to /start (and a visitor on to the login)', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/this/path/does/not/exist');
    await page.waitForURL(/\/login\?return_to=%2Fstart$/);
    await context.close();
  });

  it('keeps the cookie choice made right after moving to another page: the dialog does not come back', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/login');
    await page.getByTestId('cookie-accept-all').waitFor({ state: 'visible', timeout: 10_000 });
    // A page change while the dialog is open starts the dialog's delay again; the choice made meanwhile stands.
    await page.getByTestId('to-signup').dispatchEvent('click');
    await page.waitForURL(/\/signup/);
    await page.getByTestId('cookie-accept-all').click();
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId('cookie-accept-all').isVisible()).toBe(false);
    await page.reload();
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId('cookie-accept-all').isVisible()).toBe(false);
    await context.close();
  });

  it('changes the interface text when the language is switched', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/login');
    await dismissCookieDialog(page);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/log in/i);
    await page.getByTestId('footer-language-switch').click();
    await page.getByTestId('language-option-de').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toMatch(/anmelden/i);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await context.close();
  });

  it('keeps the start page still on a phone while the albums load: the footer does not jump when they arrive', async () => {
    const tokens = await signUpFresh(stack.baseUrl, 'phone-start');
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await signInWithSession(page, tokens);
    // The list comes late, as on a slow phone connection: the placeholders show first, then the empty state.
    let listAsked = false;
    await page.route(/\/api\/v1\/albums(\?|$)/, async (route) => {
      listAsked = true;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
        }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/start');
    await expect.poll(() => page.getByTestId('own-albums-empty').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(listAsked).toBe(true);
    // One placeholder card on a phone, not three stacked: three were taller than the empty state (CLS 0.095).
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThan(0.02);
    await context.close();
  });
});
