/**
 * Issue 22 items 5 and 7, in a real browser. A guest learns on the first checkout step that ordering needs an
 * account, signs up from there and comes back to the same step with the form as they left it and the album now
 * theirs. After an order with a single-use voucher, "Place another order" shows no discount without a reload, and
 * the checkout opened again later starts a new order instead of showing the old thank-you page.
 */
import type { Browser, Page } from 'playwright-core';
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

const totalText = (page: Page) => page.getByTestId('summary-total').textContent();
const sliderValue = (page: Page) =>
  page.getByTestId('no-albums-slider').getByRole('slider').getAttribute('aria-valuenow');

async function fillContact(page: Page) {
  await page.getByTestId('contact-email').fill('anna.muster@example.org');
  await page.getByTestId('contact-first-name').fill('Anna');
  await page.getByTestId('contact-last-name').fill('Muster');
  await page.getByTestId('contact-address1').fill('Hauptstraße 12');
  await page.getByTestId('contact-zip').fill('10115');
  await page.getByTestId('contact-city').fill('Berlin');
}

describe.skipIf(skipBrowserTests)('the checkout before and after ordering', () => {
  it('tells a guest on the first step that ordering needs an account, and brings them back after sign-up', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    // The guest is made through the browser's own request client, so its refresh cookie is in the page's jar.
    const created = await context.request.post(`${stack.baseUrl}/api/v1/public/guest_tokens`);
    const guest = (await created.json()) as { access_token: string; guest_id: string };
    const albumId = await weddingAlbum(stack.baseUrl, guest.access_token, 'de', 'Gasthochzeit');
    await fillStickerCells(stack.baseUrl, guest.access_token, albumId);
    await page.goto('/');
    await page.evaluate(
      (session) => {
        localStorage.setItem('stickerbook.session', JSON.stringify(session));
        localStorage.setItem(
          'stickerbook.cookieConsent',
          JSON.stringify({
            revision: 1,
            necessary: true,
            analytics: false,
            decidedAt: new Date().toISOString(),
          }),
        );
      },
      { kind: 'guest', guestId: guest.guest_id },
    );

    // The first step says it before anything is filled in: an account is needed, why, and the album is kept.
    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('checkout-preview').waitFor();
    const notice = page.getByTestId('guest-account-notice');
    await notice.getByText('Zum Bestellen brauchst du ein Konto').waitFor();
    await notice.getByText(/Auftragsbestätigung und die Rechnung/).waitFor();
    await notice.getByText(/Dein Album bleibt erhalten/).waitFor();
    await page.getByTestId('summary-total').waitFor();
    await expectNoSeriousA11yViolations(page);

    // The guest chooses 60 albums on the product step, then goes back to the first step and signs up there.
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-product').waitFor();
    expect(await page.getByTestId('guest-account-notice').count()).toBe(0);
    const slider = page.getByTestId('no-albums-slider').getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    expect(await sliderValue(page)).toBe('60');
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await notice.waitFor();
    await page.getByTestId('guest-notice-sign-up').click();

    await page.waitForURL('**/signup?**');
    expect(new URL(page.url()).searchParams.get('return_to')).toBe(`/album/${albumId}/checkout`);
    await page.getByTestId('signup-submit').waitFor();
    const email = `guest-notice-${Date.now()}@e2e.test`;
    await page.getByLabel('E-Mail').fill(email);
    await page.locator('input[type="password"]').fill('correct horse battery');
    await expect.poll(() => page.getByLabel('E-Mail').inputValue()).toBe(email);
    await page.getByTestId('signup-submit').click();

    // Back on the same step, signed in: the notice is gone, and the product step still has the 60 albums.
    await page.waitForURL(`**/album/${albumId}/checkout`);
    await page.getByTestId('checkout-preview').waitFor();
    await page.getByTestId('summary-total').waitFor();
    expect(await page.getByTestId('guest-account-notice').count()).toBe(0);
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-product').waitFor();
    expect(await sliderValue(page)).toBe('60');

    // The album moved to the account.
    const user = await logInApi(stack.baseUrl, { email, password: 'correct horse battery' });
    const { albums } = await apiCall<{ albums: Array<{ id: string; is_owner: boolean }> }>(
      stack.baseUrl,
      '/albums',
      { token: user.access_token },
    );
    expect(albums.find((album) => album.id === albumId)?.is_owner).toBe(true);
    await context.close();
  });

  it('forgets a used single-use voucher and the thank-you page once the order is placed', async () => {
    const admin = await logInApi(stack.baseUrl, ADMIN);
    const code = `EINMAL${Date.now() % 1_000_000}`;
    await apiCall(stack.baseUrl, '/admin/vouchers', {
      method: 'POST',
      token: admin.access_token,
      body: { code, kind: 'percent', value: 1000, max_uses: 1 },
    });
    const session = await signUpFresh(stack.baseUrl, 'order-again');
    const albumId = await weddingAlbum(stack.baseUrl, session.access_token, 'en', 'Order again');
    await fillStickerCells(stack.baseUrl, session.access_token, albumId);
    const { context, page } = await newPage(browser, stack.baseUrl);
    await signInWithSession(page, session);

    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('summary-total').waitFor();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-contact').waitFor();
    await fillContact(page);
    const fullPrice = await totalText(page);
    await page.getByTestId('voucher-input').fill(code);
    await page.getByTestId('voucher-apply').click();
    await page.getByTestId('voucher-valid').waitFor();
    await page.getByTestId('summary-voucher').waitFor();
    await expect.poll(() => totalText(page)).not.toBe(fullPrice);
    await page.getByTestId('contact-consent').check();
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('order-id').waitFor();

    // "Place another order", no reload: the first step, the full price, no voucher line and an empty voucher box.
    await page.getByTestId('new-order').click();
    await page.getByTestId('checkout-preview').waitFor();
    await expect.poll(() => totalText(page)).toBe(fullPrice);
    expect(await page.getByTestId('summary-voucher').count()).toBe(0);
    expect(await page.getByTestId('voucher-input').inputValue()).toBe('');
    // Typed again, the used-up voucher is refused by a fresh quote, not taken from the one before the order.
    await page.getByTestId('voucher-input').fill(code);
    await page.getByTestId('voucher-apply').click();
    await page.getByTestId('voucher-box').getByText('This voucher has already been used.').waitFor();
    expect(await page.getByTestId('summary-voucher').count()).toBe(0);
    expect(await totalText(page)).toBe(fullPrice);
    await expectNoSeriousA11yViolations(page);

    // A second order without the voucher: the address is kept, the consent is asked again.
    await page.getByTestId('voucher-input').fill('');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-contact').waitFor();
    expect(await page.getByTestId('contact-city').inputValue()).toBe('Berlin');
    expect(await page.getByTestId('contact-consent').isChecked()).toBe(false);
    await page.getByTestId('contact-consent').check();
    await page.getByTestId('checkout-submit').click();
    expect(await page.getByTestId('order-id').textContent()).toBeTruthy();

    // Later, in the same tab: the checkout starts a new order, not the previous order's thank-you page.
    await page.goto('/orders');
    await page.getByTestId('order-card').first().waitFor();
    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('checkout-preview').waitFor();
    await page.getByTestId('summary-total').waitFor();
    expect(await page.getByTestId('checkout-result').count()).toBe(0);
    expect(await totalText(page)).toBe(fullPrice);
    await context.close();
  });
});
