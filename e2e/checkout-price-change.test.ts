/**
 * Issue 22: the button states what is paid (§ 312j BGB). With the checkout open at "Jetzt bestellen · 285,01 €",
 * an admin raises the shipping price; the order is not placed at the new price behind the customer's back: the
 * page says the price changed, names the new total, and the customer orders again at what the button then says.
 */
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  ADMIN,
  apiCall,
  launchBrowser,
  logInApi,
  newPage,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';
import { fillStickerCells, weddingAlbum } from './orders-helpers.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe.skipIf(skipBrowserTests)('a price that changes while the checkout is open', () => {
  it('is not charged silently: the customer sees the new total and orders again at it', async () => {
    const session = await signUpFresh(stack.baseUrl, 'price-change');
    const albumId = await weddingAlbum(stack.baseUrl, session.access_token, 'de', 'Hochzeit Preis');
    await fillStickerCells(stack.baseUrl, session.access_token, albumId);
    // The refused order's 409 is the answer this test is about; Chromium logs every 4xx answer as an error.
    const { context, page } = await newPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      allowErrors: [/status of 409 \(Conflict\) \(http:\/\/[^)]+\/api\/v1\/orders\)/],
    });
    await signInWithSession(page, session);
    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('summary-total').waitFor();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-contact').waitFor();
    await page.getByTestId('contact-email').fill('anna.muster@example.org');
    await page.getByTestId('contact-first-name').fill('Anna');
    await page.getByTestId('contact-last-name').fill('Muster');
    await page.getByTestId('contact-address1').fill('Hauptstraße 12');
    await page.getByTestId('contact-zip').fill('10115');
    await page.getByTestId('contact-city').fill('Berlin');
    await page.getByTestId('contact-consent').check();
    const button = page.getByTestId('checkout-submit');
    const shownBefore = await button.textContent();
    expect(shownBefore).toContain('285,01');

    // From here the page's own quote refreshes (every minute, on focus) are held back, so the price changes
    // between the button and the order, not before the button is drawn again (a slow machine may pass a minute).
    const held: Route[] = [];
    await page.route('**/api/v1/albums/*/checkout?*', (route) => void held.push(route));

    // An admin raises German shipping from 10,00 € to 12,00 € net while the page is open.
    const admin = await logInApi(stack.baseUrl, ADMIN);
    await apiCall(stack.baseUrl, '/admin/prices', {
      method: 'PATCH',
      token: admin.access_token,
      body: { table: 'shipping_rates', price_list_id: 'eur', country_code: 'DE', amount: 1200 },
    });

    await button.click();
    const notice = page.getByTestId('submit-error');
    await notice.waitFor();
    // 241,50 € net + 19 % (45,885 € → 45,89 €) = 287,39 €, instead of the 285,01 € the button said.
    await expect.poll(() => notice.textContent()).toContain('287,39');
    expect(await notice.textContent()).toContain('285,01');
    expect(await notice.textContent()).toContain('Der Preis hat sich geändert');
    await expectNoSeriousA11yViolations(page, 'checkout after a price change');
    const { orders } = await apiCall<{ orders: unknown[] }>(stack.baseUrl, '/orders', {
      token: session.access_token,
    });
    expect(orders).toHaveLength(0);

    // After OK the button states the new total (the quote the refusal asked for), and ordering at it goes through.
    await page.unroute('**/api/v1/albums/*/checkout?*');
    // A held request the page has since given up on (react-query aborts superseded ones) is handled already.
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await page.getByTestId('submit-error-ok').click();
    await expect.poll(() => button.textContent(), { timeout: 10_000 }).toContain('287,39');
    await button.click();
    const orderId = await page.getByTestId('order-id').getAttribute('data-order-id');
    const { order } = await apiCall<{ order: { amount_gross: number } }>(
      stack.baseUrl,
      `/orders/${orderId}`,
      {
        token: session.access_token,
      },
    );
    expect(order.amount_gross).toBe(28_739);
    await context.close();
  }, 120_000);
});
