/**
 * The documents panel of the back office's order page in a real browser (issue 14, SPEC §2 Order detail, §7):
 * staff create the invoice (once: the button goes and the number shows, its PDF opens), open the delivery note in
 * a new tab, download the print partner JSON, export the print files (progress, then a download link to the zip)
 * and, with no SFTP server configured, are told which settings the transfer needs. The dashboard leads to the
 * price tables. Screenshots in de and en at 1440×900 go to ADMIN_SHOTS_DIR (default /tmp/admin-shots).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  ADMIN,
  apiCall,
  launchBrowser,
  logInApi,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';
import { adminPage, orderableAlbum, placeOrder } from './orders-helpers.ts';

let stack: Stack;
let browser: Browser;
const SHOTS = process.env.ADMIN_SHOTS_DIR ?? '/tmp/admin-shots';
const DESKTOP = { width: 1440, height: 900 };
/** The transfer's 409 (no SFTP server configured) is expected; the panel explains it. */
const TRANSFER_REFUSED = [/status of 409/];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** Fetches a link the page offers (signed: no token needed) and answers its content type and bytes. */
async function fetchLink(href: string): Promise<{ type: string; bytes: Buffer }> {
  const response = await fetch(new URL(href, stack.baseUrl));
  expect(response.status).toBe(200);
  return {
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * Clicks `link`, which must open a new tab on its own address (no token: the link is signed), and answers that
 * address once the tab was served it as a PDF.
 */
async function opensPdfInNewTab(page: Page, link: Locator): Promise<string> {
  const href = new URL((await link.getAttribute('href'))!, stack.baseUrl).href;
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  const served = page.context().waitForEvent('response', (response) => response.url() === href);
  const popup = page.waitForEvent('popup');
  await link.click();
  const tab = await popup;
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.frame().page()).toBe(tab);
  await tab.close();
  return href;
}

describe.skipIf(skipBrowserTests)('the documents of an order in the back office', () => {
  it('creates the invoice once, opens the delivery note, downloads the JSON, exports the print files and explains the missing transfer settings', async () => {
    const customer = await signUpFresh(stack.baseUrl, 'documents-customer');
    const albumId = await orderableAlbum(stack.baseUrl, customer.access_token, 'de', 'Hochzeit Lina & Jon');
    const orderId = await placeOrder(stack.baseUrl, customer.access_token, albumId, {
      firstName: 'Lina',
      lastName: 'Brenner',
      email: 'lina.brenner@example.org',
    });
    const admin = await logInApi(stack.baseUrl, ADMIN);
    const { order } = await apiCall<{ order: { name: string; number: number } }>(
      stack.baseUrl,
      `/orders/${orderId}`,
      { token: admin.access_token },
    );

    const { context, page } = await adminPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      viewport: DESKTOP,
      allowErrors: TRANSFER_REFUSED,
    });

    // The dashboard's header leads to the price tables.
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-prices-link').click();
    await page.waitForURL(/\/admin\/prices$/);
    await page.getByRole('heading', { name: 'Preise und Gutscheine' }).waitFor();

    await page.goto(`/orders/${orderId}`);
    const panel = page.getByTestId('order-documents');
    await panel.waitFor();
    await expect.poll(() => page.getByTestId('order-artifact').getAttribute('data-state')).toBe('none');
    await panel.getByText('Noch keine Rechnung').waitFor();
    await expectNoSeriousA11yViolations(page, 'order page, documents panel (de)');
    await shot(page, 'documents-de-1-none');

    // Invoice: created once; the button goes, the number shows, and its PDF opens in a new tab.
    await page.getByTestId('invoice-create').click();
    await page.getByRole('alert').getByText('Rechnung erstellt').waitFor();
    const invoiceBadge = page.getByTestId('order-document-invoice');
    await invoiceBadge.waitFor();
    expect(await page.getByTestId('invoice-create').count()).toBe(0);
    const { invoice } = await apiCall<{ invoice: { number: string } }>(
      stack.baseUrl,
      `/orders/${orderId}/documents`,
      { token: admin.access_token },
    );
    const invoiceLink = invoiceBadge.getByRole('link', { name: `Rechnung ${invoice.number}` });
    const invoiceUrl = await opensPdfInNewTab(page, invoiceLink);
    const invoicePdf = await fetchLink(invoiceUrl);
    expect(invoicePdf.type).toContain('application/pdf');
    expect(invoicePdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.reload();
    await invoiceBadge.waitFor();
    expect(await page.getByTestId('invoice-create').count()).toBe(0);

    // Delivery note: a PDF in a new tab.
    const noteUrl = await opensPdfInNewTab(page, page.getByTestId('delivery-note'));
    expect(new URL(noteUrl).pathname).toBe(`/api/v1/orders/${orderId}/delivery_note.pdf`);
    const note = await fetchLink(noteUrl);
    expect(note.type).toContain('application/pdf');
    expect(note.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The print partner JSON downloads as a file named after the order.
    const download = page.waitForEvent('download');
    await page.getByTestId('order-json').click();
    const json = await download;
    expect(json.suggestedFilename()).toBe(`${order.name}.json`);
    const partnerJson = JSON.parse(readFileSync((await json.path())!, 'utf8')) as {
      order: { number: number; name: string };
    };
    expect(partnerJson.order.name).toBe(order.name);

    // Transfer without an SFTP server: the panel names the settings to set.
    await page.getByTestId('order-transfer').click();
    const notConfigured = page.getByTestId('transfer-not-configured');
    await notConfigured.getByText('Druckerei nicht eingerichtet').waitFor();
    expect(await notConfigured.innerText()).toMatch(/PRINT_PARTNER_SFTP_URL[\s\S]*PRINT_PARTNER_SFTP_KEY/);

    // Print files: progress while the export runs, then a link to the zip.
    const artifact = page.getByTestId('order-artifact');
    await page.getByTestId('artifact-export').click();
    await artifact.getByRole('progressbar', { name: 'Export läuft' }).waitFor();
    await artifact.getByText(/Export läuft … \d+ %/).waitFor();
    expect(await page.getByTestId('artifact-export').isDisabled()).toBe(true);
    await shot(page, 'documents-de-2-exporting');
    const zipLink = page.getByTestId('artifact-download');
    await zipLink.waitFor({ timeout: 240_000 });
    expect(await zipLink.innerText()).toBe('Druckdaten herunterladen (ZIP)');
    expect(await artifact.getByRole('progressbar').count()).toBe(0);
    const zip = await fetchLink((await zipLink.getAttribute('href'))!);
    expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
    const names = zip.bytes.toString('latin1');
    for (const file of ['album_softcover_inside.pdf', 'stickerpack.pdf', 'order.json', 'manifest.json'])
      expect(names).toContain(file);
    await expectNoSeriousA11yViolations(page, 'order page, documents done (de)');
    await shot(page, 'documents-de-3-done');
    await context.close();

    // The same panel in English, with every document there.
    const english = await adminPage(browser, stack.baseUrl, { locale: 'en-US', viewport: DESKTOP });
    await english.page.goto(`/orders/${orderId}`);
    await english.page.getByTestId('order-document-invoice').getByText(`Invoice ${invoice.number}`).waitFor();
    await english.page.getByTestId('artifact-download').getByText('Download print files (ZIP)').waitFor();
    await english.page.getByTestId('delivery-note').getByText('Delivery note').waitFor();
    await expectNoSeriousA11yViolations(english.page, 'order page, documents (en)');
    await shot(english.page, 'documents-en-1-done');
    await english.context.close();
  }, 420_000);

  it('sets an agreed total in the details form: the price adjustment shows, a total VAT cannot reach is named', async () => {
    const customer = await signUpFresh(stack.baseUrl, 'agreed-price-customer');
    const albumId = await orderableAlbum(stack.baseUrl, customer.access_token, 'de', 'Sommerfest Kita');
    const orderId = await placeOrder(stack.baseUrl, customer.access_token, albumId, {});
    const admin = await logInApi(stack.baseUrl, ADMIN);
    const read = () =>
      apiCall<{ order: { amount_gross: number; amount: number; price_adjustment: number } }>(
        stack.baseUrl,
        `/orders/${orderId}`,
        { token: admin.access_token },
      );
    const listed = (await read()).order;
    // An agreed total 50 € below the list: every gross amount 19 % VAT can reach lies one or two cents apart.
    const target = listed.amount_gross - 5_000;

    const { context, page } = await adminPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      viewport: DESKTOP,
      allowErrors: [/status of 422/],
    });
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('order-details-edit').click();
    const total = page.getByTestId('details-amount-gross');
    await total.waitFor();
    expect(await total.inputValue()).toBe((listed.amount_gross / 100).toFixed(2).replace('.', ','));
    await expectNoSeriousA11yViolations(page, 'order details form with the agreed total');

    // A total no net amount gives at 19 % is refused beside the field, with the totals that can be reached.
    const skipped = Array.from({ length: 300 }, (_, i) => target - i).find((gross) => {
      const net = Math.round((gross * 10_000) / 11_900);
      return [net - 1, net, net + 1].every((n) => n + Math.floor((n * 1_900 + 5_000) / 10_000) !== gross);
    })!;
    await total.fill((skipped / 100).toFixed(2).replace('.', ','));
    await page.getByTestId('details-save').click();
    await page.getByText(/ergibt sich aus keinem Nettobetrag/).waitFor();
    expect((await read()).order.amount_gross).toBe(listed.amount_gross);
    await shot(page, 'agreed-price-de-1-unreachable');

    await total.fill(((skipped + 1) / 100).toFixed(2).replace('.', ','));
    await page.getByTestId('details-save').click();
    await page.getByTestId('order-details-form').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await read()).order.amount_gross).toBe(skipped + 1);
    const row = page.getByTestId('order-price-adjustment');
    await row.waitFor();
    expect(await row.textContent()).toContain('Preisanpassung');
    expect((await page.getByTestId('order-total-gross').textContent())?.replace(/\u00a0/g, ' ')).toBe(
      `${((skipped + 1) / 100).toFixed(2).replace('.', ',')} €`,
    );
    await shot(page, 'agreed-price-de-2-saved');
    await context.close();
  }, 240_000);
});
