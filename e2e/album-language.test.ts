/**
 * Languages where a customer meets them (issue 22 item 11), in a real browser: the checkout speaks the album's
 * language, not the browser's; the owner's language choice is kept with the account and comes back at the next
 * sign-in on another device; phones get the header's language switch; template names (wizard cards, sticker frame
 * tiles) are translated; the customer's order shows its shipping line; the top bar's and the checkout's date fields
 * write days the way the page's language does. Screenshots go to ALBUM_LANGUAGE_SHOTS_DIR
 * (default /tmp/album-language-shots).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
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
import { orderableAlbum, placeOrder, releaseDate } from './orders-helpers.ts';

let stack: Stack;
let browser: Browser;
const SHOTS = process.env.ALBUM_LANGUAGE_SHOTS_DIR ?? '/tmp/album-language-shots';
const PHONE = { width: 390, height: 844 };

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

/** yyyy-mm-dd as 15.05.2027 (de, pl), 15/05/2027 (fr, it). */
const written = (isoDay: string, separator: '.' | '/') => isoDay.split('-').reverse().join(separator);

describe.skipIf(skipBrowserTests)('languages as a customer meets them', () => {
  it('opens a Polish album’s checkout in Polish, with złoty and Poland, in a German browser', async () => {
    const session = await signUpFresh(stack.baseUrl, 'lang-checkout');
    const albumId = await orderableAlbum(stack.baseUrl, session.access_token, 'pl', 'Klasa 3b');
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(page, session);

    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('summary-total').waitFor();
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 })
      .toBe('Zamów „Klasa 3b”');
    // Money as the album's server formats it in Polish: "1282,72 zł", not the German "1.282,72 PLN".
    expect(await page.getByTestId('summary-total').textContent()).toMatch(/^\d[\d\s]*,\d{2}\s?zł$/);
    // The page around the checkout stays in the browser's language.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByTestId('checkout-page').getAttribute('lang')).toBe('pl');
    await shot(page, 'checkout-pl-in-de-1-preview');

    await page.getByTestId('checkout-next').click();
    const eventDate = page.getByTestId('checkout-release-date');
    // The event date as Poles write it, from the album's saved date.
    expect(await eventDate.inputValue()).toBe(written(releaseDate(), '.'));
    const later = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await eventDate.fill(written(later, '.'));
    await page.getByRole('dialog').or(page.locator('.mantine-Popover-dropdown')).first().waitFor();
    await shot(page, 'checkout-pl-in-de-2-event-date-calendar');
    await expectNoSeriousA11yViolations(page, 'checkout product step, calendar open');
    await eventDate.press('Escape');
    await eventDate.blur();
    expect(await eventDate.inputValue()).toBe(written(later, '.'));
    await page.getByTestId('checkout-next').click();

    await page.getByTestId('contact-country').waitFor();
    expect(await page.getByTestId('contact-country').inputValue()).toBe('Polska');
    expect(await page.getByTestId('contact-area-code').inputValue()).toMatch(/^\+48\b/);
    await shot(page, 'checkout-pl-in-de-3-contact');
    await expectNoSeriousA11yViolations(page, 'checkout contact step in Polish');
    await context.close();
  });

  it('writes the top bar’s event date as 15.05.2027 in a German UI and saves a typed date as ISO', async () => {
    const session = await signUpFresh(stack.baseUrl, 'lang-topbar');
    const albumId = await orderableAlbum(stack.baseUrl, session.access_token, 'de', 'Sommerfest');
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'en-US' });
    await signInWithSession(page, session);
    // The UI language is German, the browser's English: the field follows the UI, not the browser.
    await page.evaluate(() => localStorage.setItem('stickerbook.language', 'de'));
    await page.goto(`/album/${albumId}`);
    const field = page.getByTestId('editor-release-date');
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(written(releaseDate(), '.'));

    const next = new Date(Date.now() + 500 * 86_400_000).toISOString().slice(0, 10);
    await field.fill(written(next, '.'));
    await field.press('Enter');
    await expect
      .poll(
        async () => {
          const album = await apiCall<{ releaseDate: string | null }>(stack.baseUrl, `/albums/${albumId}`, {
            token: session.access_token,
          });
          return album.releaseDate?.slice(0, 10);
        },
        { timeout: 10_000 },
      )
      .toBe(next);

    await field.press('Escape');
    await field.click();
    await page.locator('.mantine-Popover-dropdown').first().waitFor();
    await shot(page, 'editor-top-bar-date-de');
    await expectNoSeriousA11yViolations(page, 'editor top bar with the calendar open');
    await field.press('Escape');
    await context.close();
  });

  it('names the sticker frame designs in Polish and the wizard’s templates in German', async () => {
    const session = await signUpFresh(stack.baseUrl, 'lang-templates');
    const albumId = await orderableAlbum(stack.baseUrl, session.access_token, 'pl', 'Szkoła');
    const polish = await newPage(browser, stack.baseUrl, { locale: 'pl-PL' });
    await signInWithSession(polish.page, session);
    await polish.page.goto(`/album/${albumId}/styles`);
    await polish.page.getByTestId('styles-selector').getByText('Naklejka', { exact: true }).click();
    const tiles = polish.page.getByTestId('sticker-template');
    await tiles.first().waitFor();
    const names = await tiles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toContain('Biała ramka z numerem');
    expect(names).toContain('Złota ramka, tylko numer');
    expect(names.filter((name) => /frame|ribbon|band|overlay|triangle/i.test(name ?? ''))).toEqual([]);
    await shot(polish.page, 'sticker-templates-pl');
    await polish.context.close();

    const german = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(german.page, session);
    await german.page.goto('/album/new');
    await german.page.getByTestId('blueprint-card').first().waitFor();
    const cards = await german.page.getByTestId('blueprint-card').allTextContents();
    expect(cards.some((text) => text.includes('Klassische Hochzeit'))).toBe(true);
    expect(cards.some((text) => text.includes('Classic Wedding'))).toBe(false);
    await german.page.getByTestId('cover-preview').first().waitFor();
    await shot(german.page, 'wizard-templates-de');
    await german.context.close();
  });

  it('keeps the language chosen on a phone with the account, and the next sign-in elsewhere starts in it', async () => {
    const session = await signUpFresh(stack.baseUrl, 'lang-account');
    const phone = await newPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: PHONE });
    await signInWithSession(phone.page, session);
    await phone.page.goto('/start');
    const phoneSwitch = phone.page.getByTestId('phone-language-switch');
    await phoneSwitch.waitFor();
    expect(await phone.page.getByTestId('language-switch').isVisible()).toBe(false);
    await shot(phone.page, 'phone-header-de');
    await expectNoSeriousA11yViolations(phone.page, 'start page on a phone');
    await phoneSwitch.click();
    await phone.page.getByTestId('language-option-pl').click();
    await expect
      .poll(() => phone.page.evaluate(() => document.documentElement.lang), { timeout: 10_000 })
      .toBe('pl');
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ locale: string | null }>(stack.baseUrl, '/users/me', {
              token: session.access_token,
            })
          ).locale,
      )
      .toBe('pl');
    await shot(phone.page, 'phone-header-pl');
    await phone.context.close();

    // Another device whose browser speaks English: the login form, then the account's Polish.
    const laptop = await newPage(browser, stack.baseUrl, { locale: 'en-US' });
    await laptop.page.goto('/login');
    await laptop.page
      .getByLabel(/e-mail/i)
      .first()
      .fill(session.credentials.email);
    await laptop.page
      .getByLabel(/^password/i)
      .first()
      .fill(session.credentials.password);
    expect(await laptop.page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Enter submits (the cookie banner of this first visit may lie over the button).
    await laptop.page
      .getByLabel(/^password/i)
      .first()
      .press('Enter');
    await expect
      .poll(() => laptop.page.evaluate(() => document.documentElement.lang), { timeout: 10_000 })
      .toBe('pl');
    await laptop.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await shot(laptop.page, 'laptop-after-login-pl');
    await laptop.context.close();
  });

  it('shows the shipping as its own line of the customer’s order', async () => {
    const session = await signUpFresh(stack.baseUrl, 'lang-shipping');
    const albumId = await orderableAlbum(stack.baseUrl, session.access_token, 'de', 'Vereinsfest');
    const orderId = await placeOrder(stack.baseUrl, session.access_token, albumId);
    // The server's German texts for it, as the page asks for them.
    const answer = await fetch(`${stack.baseUrl}/api/v1/orders/${orderId}`, {
      headers: { authorization: `Bearer ${session.access_token}`, 'accept-language': 'de' },
    });
    const { order } = (await answer.json()) as {
      order: { shipping: { amount_human: string; amount_gross_human: string } };
    };
    expect(order.shipping.amount_human).toMatch(/^\d+,\d{2}\s€$/);
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(page, session);
    await page.goto(`/orders/${orderId}`);
    const line = page.getByTestId('order-shipping-line');
    await line.waitFor();
    const cells = await line.locator('td').allTextContents();
    expect(cells[0]).toBe('Versand');
    expect(cells.slice(2)).toEqual([order.shipping.amount_human, order.shipping.amount_gross_human]);
    await shot(page, 'order-shipping-line-de');
    await context.close();
  });
});
