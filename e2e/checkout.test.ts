/**
 * The checkout in a real browser (issue 13, SPEC §2 /album/{albumId}/checkout): a wedding album goes through
 * preview, product and contact with a voucher to the result, the order shows in /orders and on the profile;
 * field errors appear beside their fields; a guest sees the prices and is asked to sign up, and comes back to the
 * form as they left it. Every step is photographed in de and en, desktop and phone (CHECKOUT_SHOTS_DIR, default
 * /tmp/checkout-shots).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
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
const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? '/tmp/checkout-shots';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The voucher the server seeds in development (server/src/seeds/price-tables.ts): 10 % off. */
const DEMO_VOUCHER = 'WILLKOMMEN10';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function fillContact(page: Page, city: string) {
  await page.getByTestId('contact-email').fill('anna.muster@example.org');
  await page.getByTestId('contact-first-name').fill('Anna');
  await page.getByTestId('contact-last-name').fill('Muster');
  await page.getByTestId('contact-address1').fill('Hauptstraße 12');
  await page.getByTestId('contact-zip').fill('10115');
  await page.getByTestId('contact-city').fill(city);
  await page.getByTestId('contact-phone').fill('0171 2345678');
}

const totalText = (page: Page) => page.getByTestId('summary-total').textContent();

describe.skipIf(skipBrowserTests)('the checkout in a browser', () => {
  for (const language of ['en', 'de'] as const) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`takes a wedding album with a voucher to the result and into the order lists (${language}, ${device})`, async () => {
        const session = await signUpFresh(stack.baseUrl, `checkout-${language}-${device}`);
        const title = `Hochzeit ${language} ${device}`;
        const albumId = await weddingAlbum(stack.baseUrl, session.access_token, language, title);
        await fillStickerCells(stack.baseUrl, session.access_token, albumId);
        const { context, page } = await newPage(browser, stack.baseUrl, {
          locale: language === 'de' ? 'de-DE' : 'en-US',
          viewport,
        });
        await signInWithSession(page, session);
        const name = `${language}-${device}`;

        // Preview: the album through the renderer, stickers on and off.
        await page.goto(`/album/${albumId}/checkout`);
        await page.getByTestId('checkout-preview-spread').waitFor();
        await page.getByTestId('summary-total').waitFor();
        await shot(page, `${name}-1-preview`);
        await page.getByTestId('preview-stickers-toggle').click();
        await page.getByTestId('checkout-next').click();

        // Product: the wedding range 10-200, the event date required to go on.
        const slider = page.getByTestId('no-albums-slider').getByRole('slider');
        expect(await slider.getAttribute('aria-valuemin')).toBe('10');
        expect(await slider.getAttribute('aria-valuemax')).toBe('200');
        expect(await slider.getAttribute('aria-valuenow')).toBe('50');
        // The field writes the day in the checkout's language (15.05.2027, 05/15/2027); Escape closes its calendar.
        const releaseDate = await page.getByTestId('checkout-release-date').inputValue();
        await page.getByTestId('checkout-release-date').fill('');
        await page.getByTestId('checkout-release-date').press('Escape');
        await page.getByTestId('checkout-next').click();
        await page
          .getByTestId('checkout-product')
          .getByText(
            language === 'de' ? 'Bitte wähle das Veranstaltungsdatum.' : 'Please choose the event date.',
          )
          .waitFor();
        await page.getByTestId('checkout-release-date').fill(releaseDate);
        await page.getByTestId('checkout-release-date').press('Escape');

        // More albums cost more: the summary follows (debounced), the old numbers stay while it asks.
        const before = await totalText(page);
        await slider.focus();
        for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => totalText(page), { timeout: 10_000 }).not.toBe(before);
        await page.getByTestId('packaging-stickerbox_single_variety').click();
        await shot(page, `${name}-2-product`);
        await page.getByTestId('checkout-next').click();

        // Contact: no organisation for a wedding; field errors beside their fields.
        await page.getByTestId('checkout-contact').waitFor();
        expect(await page.getByTestId('contact-organization').count()).toBe(0);
        await page.getByTestId('contact-email').fill('');
        await page.getByTestId('checkout-submit').click();
        const contact = page.getByTestId('checkout-contact');
        await contact
          .getByText(language === 'de' ? 'Bitte gib den Ort ein.' : 'Please enter the city.')
          .waitFor();
        await contact
          .getByText(language === 'de' ? 'Bitte bestätige, um zu bestellen.' : 'Please confirm to order.')
          .waitFor();
        await page.getByTestId('contact-phone').fill('0171-abc');
        await contact
          .getByText(
            language === 'de' ? 'Bitte nur Ziffern und Leerzeichen.' : 'Only digits and spaces, please.',
          )
          .waitFor();
        if (language === 'en' && device === 'desktop') await shot(page, `${name}-3-contact-errors`);
        await fillContact(page, 'Berlin');

        // The voucher: OK waits for a code, then the server's verdict and the lower total.
        const apply = page.getByTestId('voucher-apply');
        expect(await apply.isDisabled()).toBe(true);
        const withoutVoucher = await totalText(page);
        await page.getByTestId('voucher-input').fill('NOPE-NOT-A-CODE');
        await apply.click();
        await page.getByTestId('voucher-box').locator('.mantine-TextInput-error').waitFor();
        await page.getByTestId('voucher-input').fill(DEMO_VOUCHER);
        await apply.click();
        await page.getByTestId('voucher-valid').waitFor();
        await expect.poll(() => totalText(page)).not.toBe(withoutVoucher);
        await page.getByTestId('contact-consent').check();
        await shot(page, `${name}-3-contact`);

        // A reload keeps the step and everything typed.
        await page.reload();
        await page.getByTestId('checkout-contact').waitFor();
        expect(await page.getByTestId('contact-city').inputValue()).toBe('Berlin');
        expect(await page.getByTestId('contact-consent').isChecked()).toBe(true);

        await page.getByTestId('checkout-submit').click();
        const orderId = await page.getByTestId('order-id').getAttribute('data-order-id');
        expect(orderId).toBeTruthy();
        // The result names the order by its number, as the list, the mail and the invoice do, not by its UUID.
        await expect.poll(() => page.getByTestId('order-id').innerText()).toMatch(/^SB-\d+$/);
        await shot(page, `${name}-4-result`);

        // The order carries what was chosen, priced by the server.
        const { order } = await apiCall<{
          order: {
            no_albums: number;
            sticker_packaging_type: string;
            voucher: { code: string } | null;
            phone: string;
          };
        }>(stack.baseUrl, `/orders/${orderId}`, { token: session.access_token });
        expect(order).toMatchObject({
          no_albums: 60,
          sticker_packaging_type: 'stickerbox_single_variety',
          voucher: { code: DEMO_VOUCHER },
        });

        // It is listed under /orders and on the profile.
        await page.goto('/orders');
        await page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).waitFor();
        await page.goto('/profile');
        await page.getByTestId('latest-orders').getByText(title).first().waitFor();
        await context.close();
      });
    }
  }

  it('shows a guest the prices, asks them to sign up, and keeps the album and the form', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, { viewport: DESKTOP });
    // The guest is made through the browser's own request client, so its HttpOnly refresh cookie is in the jar
    // the page refreshes from; the page keeps only the guest id.
    const created = await context.request.post(`${stack.baseUrl}/api/v1/public/guest_tokens`);
    const guest = (await created.json()) as { access_token: string; guest_id: string };
    const albumId = await weddingAlbum(stack.baseUrl, guest.access_token, 'en', 'Guest wedding');
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

    await page.goto(`/album/${albumId}/checkout`);
    expect(await totalText(page)).toMatch(/€/);
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    await fillContact(page, 'Leipzig');
    await page.getByTestId('contact-consent').check();
    // The blueprint's empty sticker cells block the order; each page they are on links to its spread in the editor.
    const albumErrors = page.getByTestId('album-errors');
    await albumErrors.waitFor();
    const link = albumErrors.getByTestId('problem-place').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/album/${albumId}/stickers\\?spread=`));
    const spreadId = new URL(href, stack.baseUrl).searchParams.get('spread');

    // The link opens the editor at that spread; the top bar prices the order from the server and lists the
    // same problems grouped by kind, each page a way to its spread.
    await link.click();
    await page.waitForURL(`**/album/${albumId}/stickers`);
    const current = () =>
      page.evaluate(() =>
        (
          window as unknown as {
            stickerbookEditor: { selectionController: { currentSpreadId(): string | undefined } };
          }
        ).stickerbookEditor.selectionController.currentSpreadId(),
      );
    expect(await current()).toBe(spreadId);
    await expect.poll(() => page.getByTestId('order-button').textContent()).toMatch(/from €285(?![.,\d])/);
    await page.getByTestId('preflight-icon').hover();
    const emptyCells = page.getByTestId('preflight-list').locator('[data-code="EMPTY_STICKER_CELL"]');
    await emptyCells.waitFor();
    expect(await emptyCells.getByTestId('problem-group-title').textContent()).toBe('Empty sticker cells');
    expect(Number(await emptyCells.getByTestId('problem-group-count').textContent())).toBeGreaterThan(10);
    await shot(page, 'en-desktop-editor-preflight');
    await emptyCells.getByTestId('problem-place').last().click();
    await expect.poll(current).not.toBe(spreadId);
    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('checkout-contact').waitFor();

    await fillStickerCells(stack.baseUrl, guest.access_token, albumId);
    await page.reload();
    await page.getByTestId('checkout-contact').waitFor();
    await expect.poll(() => page.getByTestId('album-errors').count()).toBe(0);
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('checkout-sign-up').waitFor();
    await shot(page, 'en-desktop-guest-sign-in');
    await page.getByTestId('checkout-sign-up').click();

    // Sign-up moves the guest's album to the account and returns to the filled-in checkout.
    // The sign-up screen is a lazy chunk: wait until it is on the page at /signup before typing, so nothing typed
    // goes into a form that is replaced a moment later.
    await page.waitForURL('**/signup?**');
    await page.getByTestId('signup-submit').waitFor();
    const email = `guest-checkout-${Date.now()}@e2e.test`;
    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[type="password"]').fill('correct horse battery');
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByTestId('signup-submit').click();
    await page.waitForURL(`**/album/${albumId}/checkout`);
    await page.getByTestId('checkout-contact').waitFor();
    expect(await page.getByTestId('contact-city').inputValue()).toBe('Leipzig');
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('order-id').waitFor();
    await context.close();
  });
});
