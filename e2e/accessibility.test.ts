/**
 * Accessibility of the product's main pages (issue 15, WCAG 2.1 AA): axe-core runs on each page as a user sees
 * it, at desktop and phone size, checkout steps and order pages included; any serious or critical violation fails.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { orderableAlbum, placeOrder } from './orders-helpers.ts';
import {
  apiCall,
  createAlbumFromBlueprint,
  launchBrowser,
  newPage,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type SessionTokens,
  type Stack,
} from './harness.ts';

let stack: Stack;
let browser: Browser;
let session: SessionTokens;
let albumId: string;
let stickerLinkPath: string;
let previewPath: string;
let orderId: string;

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

beforeAll(async () => {
  if (skipBrowserTests) return;
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  session = await signUpFresh(stack.baseUrl, 'a11y');
  albumId = await createAlbumFromBlueprint(stack.baseUrl, session.access_token, { title: 'Team 2026' });
  const album = await apiCall<{ stickerUploadsPath: string; albumPreviewPath: string }>(
    stack.baseUrl,
    `/albums/${albumId}`,
    { method: 'PATCH', token: session.access_token, body: { stickerUploadEnabled: true } },
  );
  stickerLinkPath = album.stickerUploadsPath;
  previewPath = album.albumPreviewPath;
  const ordered = await orderableAlbum(stack.baseUrl, session.access_token, 'en', 'Ordered 2026');
  orderId = await placeOrder(stack.baseUrl, session.access_token, ordered);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A page is checked once it has drawn what a user came for (`ready`) and its animations settled. */
const PAGES: Array<{
  name: string;
  signedIn: boolean;
  path: () => string;
  ready: (page: Page) => Promise<unknown>;
}> = [
  {
    name: 'login',
    signedIn: false,
    path: () => '/login',
    // As a first visitor sees it: with the cookie dialog open (it comes after a short delay).
    ready: (p) => p.getByTestId('cookie-accept-all').waitFor(),
  },
  {
    name: 'start',
    signedIn: true,
    path: () => '/start',
    ready: (p) => p.getByTestId('album-card').first().waitFor(),
  },
  {
    name: 'wizard',
    signedIn: true,
    path: () => '/album/new',
    ready: (p) => p.getByRole('heading').first().waitFor(),
  },
  {
    name: 'editor',
    signedIn: true,
    path: () => `/album/${albumId}`,
    ready: (p) => p.getByTestId('editor-canvas').waitFor({ state: 'attached' }),
  },
  {
    name: 'settings',
    signedIn: true,
    path: () => `/album/${albumId}/stickers/settings/general`,
    ready: (p) => p.getByRole('dialog').waitFor(),
  },
  {
    name: 'public sticker link',
    signedIn: false,
    path: () => stickerLinkPath,
    ready: (p) => p.getByRole('button').first().waitFor(),
  },
  {
    name: 'preview link',
    signedIn: false,
    path: () => previewPath,
    ready: (p) => p.getByTestId('album-preview-spread').waitFor(),
  },
  {
    name: 'orders',
    signedIn: true,
    path: () => '/orders',
    ready: (p) => p.getByTestId('order-card').first().waitFor(),
  },
  {
    name: 'order',
    signedIn: true,
    path: () => `/orders/${orderId}`,
    ready: (p) => p.getByTestId('order-page').waitFor(),
  },
];

/** Checked as a user sees it once `ready`, its animations settled. */
async function check(page: Page, ready: () => Promise<unknown>, label: string) {
  await ready();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/shots-a11y/${label.replace(/[ ()]+/g, '-')}.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, label);
}

describe.skipIf(skipBrowserTests)('accessibility of the main pages', () => {
  for (const { name, viewport } of VIEWPORTS) {
    for (const target of PAGES) {
      it(`has no serious accessibility violation on the ${target.name} page (${name})`, async () => {
        const { context, page } = await newPage(browser, stack.baseUrl, { viewport });
        try {
          // The login page as a first visitor sees it: with the cookie dialog open.
          if (target.signedIn) await signInWithSession(page, session);
          else if (target.name !== 'login')
            await page.addInitScript(() =>
              localStorage.setItem(
                'stickerbook.cookieConsent',
                JSON.stringify({
                  revision: 1,
                  necessary: true,
                  analytics: false,
                  decidedAt: '2026-01-01T00:00:00Z',
                }),
              ),
            );
          await page.goto(target.path());
          await target.ready(page);
          await page.waitForTimeout(600);
          await page.screenshot({ path: `/tmp/shots-a11y/${target.name.replace(/ /g, '-')}-${name}.png` });
          await expectNoSeriousA11yViolations(page, `${target.name} (${name})`);
          expect(await page.title()).not.toBe('');
        } finally {
          await context.close();
        }
      }, 60_000);
    }
  }
});

describe.skipIf(skipBrowserTests)('accessibility of the checkout', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`has no serious accessibility violation on any checkout step (${name})`, async () => {
      const albumForCheckout = await orderableAlbum(
        stack.baseUrl,
        session.access_token,
        'en',
        `Checkout ${name}`,
      );
      const { context, page } = await newPage(browser, stack.baseUrl, { viewport });
      try {
        await signInWithSession(page, session);
        await page.goto(`/album/${albumForCheckout}/checkout`);
        await check(
          page,
          () => page.getByTestId('checkout-preview-spread').waitFor(),
          `checkout preview (${name})`,
        );
        await page.getByTestId('checkout-next').click();
        await check(page, () => page.getByTestId('no-albums-slider').waitFor(), `checkout product (${name})`);
        await page.getByTestId('checkout-next').click();
        await page.getByTestId('checkout-contact').waitFor();
        // The contact step with its field errors shown, as after a first try to order.
        await page.getByTestId('checkout-submit').click();
        await check(
          page,
          () => page.getByTestId('checkout-contact').getByText('Please enter the city.').waitFor(),
          `checkout contact (${name})`,
        );
        await page.getByTestId('contact-email').fill('anna.muster@example.org');
        await page.getByTestId('contact-first-name').fill('Anna');
        await page.getByTestId('contact-last-name').fill('Muster');
        await page.getByTestId('contact-address1').fill('Hauptstraße 12');
        await page.getByTestId('contact-zip').fill('10115');
        await page.getByTestId('contact-city').fill('Berlin');
        await page.getByTestId('contact-phone').fill('0171 2345678');
        await page.getByTestId('contact-consent').check();
        await page.getByTestId('checkout-submit').click();
        await check(page, () => page.getByTestId('order-id').waitFor(), `checkout result (${name})`);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});

describe.skipIf(skipBrowserTests)('page titles and descriptions', () => {
  it("gives each page its own title and description in the visitor's language", async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    try {
      const description = () => page.locator('meta[name="description"]').getAttribute('content');
      await page.goto('/login');
      await expect.poll(() => page.title()).toBe('Anmelden · Stickerbook');
      expect(await description()).toContain('Stickeralbum');
      await page.goto('/album/new');
      await expect.poll(() => page.title()).toBe('Neues Album erstellen · Stickerbook');
      expect(await description()).toContain('Vorlage');
    } finally {
      await context.close();
    }
  });
});
