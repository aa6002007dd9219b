/**
 * VAT across borders in the checkout (issue 21 §3, §4, §5), in a real browser: an Austrian company enters its
 * VAT id in the contact step; a wrong check digit is named beside the field, a valid id turns the summary's VAT
 * line into reverse charge with a lower total before the order is placed; the summary says how and when to pay;
 * a school's Leitweg-ID is checked the same way. The order the server stores carries no VAT.
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
import { fillStickerCells, releaseDate } from './orders-helpers.ts';

let stack: Stack;
let browser: Browser;
/** Where the steps are photographed, as e2e/checkout.test.ts does. */
const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? '/tmp/checkout-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A German album of the seeded blueprint of `category`, every sticker cell filled: ready to order. */
async function albumOf(token: string, category: 'business' | 'school', title: string): Promise<string> {
  const { blueprints } = await apiCall<{ blueprints: Array<{ id: string; blueprint_category: string }> }>(
    stack.baseUrl,
    '/blueprints',
  );
  const blueprint = blueprints.find((candidate) => candidate.blueprint_category === category);
  if (!blueprint) throw new Error(`no ${category} blueprint seeded`);
  const album = await apiCall<{ id: string }>(stack.baseUrl, '/albums', {
    method: 'POST',
    token,
    body: { blueprint_id: blueprint.id, title, language: 'de', release_date: releaseDate() },
  });
  await fillStickerCells(stack.baseUrl, token, album.id);
  return album.id;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');

/** "1.234,56 €" as cents. */
const cents = (money: string) => Number(money.replace(/[^\d,]/g, '').replace(',', ''));

async function openContactStep(page: Page, albumId: string) {
  await page.goto(`/album/${albumId}/checkout`);
  await page.getByTestId('summary-total').waitFor();
  await page.getByTestId('checkout-next').click();
  await page.getByTestId('checkout-next').click();
  await page.getByTestId('checkout-contact').waitFor();
}

async function fillAddress(page: Page, country: string, zip: string, city: string) {
  await page.getByTestId('contact-email').fill('einkauf@example.at');
  await page.getByTestId('contact-first-name').fill('Anna');
  await page.getByTestId('contact-last-name').fill('Muster');
  await page.getByTestId('contact-address1').fill('Ringstraße 1');
  await page.getByTestId('contact-zip').fill(zip);
  await page.getByTestId('contact-city').fill(city);
  await page.getByTestId('contact-country').click();
  await page.getByRole('option', { name: country, exact: true }).click();
}

describe.skipIf(skipBrowserTests)('VAT across borders in the checkout', () => {
  it('shows an Austrian company reverse charge and the lower total for a valid VAT id, and how to pay', async () => {
    const session = await signUpFresh(stack.baseUrl, 'checkout-vat');
    const albumId = await albumOf(session.access_token, 'business', 'Firmenalbum Wien');
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(page, session);
    await openContactStep(page, albumId);

    // Before anything is entered: German VAT, and the payment is stated before the order is placed.
    expect(await text(page, 'summary-tax-treatment')).toBe('inkl. 19 % MwSt.');
    const payment = await text(page, 'summary-payment');
    expect(payment).toContain('Kauf auf Rechnung');
    expect(payment).toContain('nach Erhalt der Rechnung ohne Abzug');

    await page.getByTestId('contact-organization').fill('Muster GmbH');
    await fillAddress(page, 'Österreich', '1010', 'Wien');
    // An Austrian consumer pays the table's rate; the total is read once the quote for Austria is in.
    await expect.poll(() => text(page, 'summary-total'), { timeout: 10_000 }).not.toBe('');
    await expect
      .poll(async () => page.getByTestId('checkout-summary').getAttribute('aria-busy'), { timeout: 10_000 })
      .toBe('false');
    const withVat = cents(await text(page, 'summary-total'));
    const net = cents(await text(page, 'summary-net'));
    expect(withVat).toBeGreaterThan(net);

    // A wrong check digit is named beside the field, in German, and the quote stays as it was.
    const vatId = page.getByTestId('contact-vat-id');
    await vatId.fill('ATU13585628');
    await vatId.blur();
    await page
      .getByTestId('checkout-contact')
      .getByText('Diese USt-IdNr. ist ungültig: Die Prüfziffer stimmt nicht.')
      .waitFor();
    expect(await text(page, 'summary-tax-treatment')).toBe('inkl. 19 % MwSt.');

    // The valid id: reverse charge, no VAT, the net as the total.
    await vatId.fill('ATU13585627');
    await expect
      .poll(() => text(page, 'summary-tax-treatment'), { timeout: 10_000 })
      .toBe('Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge), 0 % MwSt.');
    await expect.poll(() => text(page, 'summary-vat')).toBe('0,00 €');
    await expect.poll(async () => cents(await text(page, 'summary-total'))).toBe(net);
    expect(net).toBeLessThan(withVat);
    expect(await text(page, 'checkout-submit')).toContain(await text(page, 'summary-total'));
    await expectNoSeriousA11yViolations(page, 'checkout contact step with a VAT id');
    await shot(page, 'de-desktop-vat-reverse-charge');

    await page.getByTestId('contact-consent').check();
    await page.getByTestId('checkout-submit').click();
    const orderId = await page.getByTestId('order-id').getAttribute('data-order-id');
    const { order } = await apiCall<{ order: { amount: number; amount_gross: number } }>(
      stack.baseUrl,
      `/orders/${orderId}`,
      { token: session.access_token },
    );
    expect(order.amount_gross).toBe(order.amount);
    expect(order.amount).toBe(net);
    await context.close();
  });

  it('shows a Swiss delivery as a tax-free export and checks a school’s Leitweg-ID', async () => {
    const session = await signUpFresh(stack.baseUrl, 'checkout-leitweg');
    const albumId = await albumOf(session.access_token, 'school', 'Jahrbuch Grundschule');
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(page, session);
    await openContactStep(page, albumId);

    // A school names itself optionally; the VAT id is asked once it has.
    expect(await page.getByTestId('contact-vat-id').count()).toBe(0);
    await page.getByTestId('contact-organization').fill('Grundschule am See');
    await page.getByTestId('contact-vat-id').waitFor();

    const reference = page.getByTestId('contact-buyer-reference');
    await reference.fill('04011000-1234512345-07');
    await reference.blur();
    await page
      .getByTestId('checkout-contact')
      .getByText('Diese Leitweg-ID ist ungültig: Die Prüfziffern stimmen nicht.')
      .waitFor();
    await reference.fill('04011000-1234512345-06');
    await expect
      .poll(() => page.getByTestId('checkout-contact').getByText('Die Prüfziffern stimmen nicht').count())
      .toBe(0);

    await fillAddress(page, 'Schweiz', '8001', 'Zürich');
    await expect
      .poll(() => text(page, 'summary-tax-treatment'), { timeout: 10_000 })
      .toBe('Steuerfreie Ausfuhr, 0 % MwSt.');
    await expect.poll(() => text(page, 'summary-vat')).toBe('0,00 €');
    await expectNoSeriousA11yViolations(page, 'checkout contact step with a Leitweg-ID');
    await shot(page, 'de-desktop-leitweg-export');
    await context.close();
  });
});
