/**
 * The customer sees their invoice (issue 21 §3 "Paying is stated plainly") in a real browser: after an admin
 * issued it, the customer's order page (/orders/{id}, German) shows its number, date, amount and the payment
 * status "Offen" with how to pay, and its PDF downloads — the same file that was issued; after a credit note the
 * page shows both documents, the invoice cancelled and the credit note with its own PDF and an explanation that
 * promises no refund. Another customer gets the 404 page for the same order and no link. Axe runs on each state;
 * any console error fails the test. Screenshots go to CUSTOMER_SHOTS_DIR (default /tmp/customer-shots).
 */
import { mkdirSync, readFileSync } from 'node:fs';
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
import { orderableAlbum, placeOrder } from './orders-helpers.ts';

let stack: Stack;
let browser: Browser;
const SHOTS = process.env.CUSTOMER_SHOTS_DIR ?? '/tmp/customer-shots';
const DESKTOP = { width: 1440, height: 900 };

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

/** Clicks a download link and answers the downloaded file's name and bytes. */
async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await started;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

interface IssuedDocument {
  number: string;
  pdf_url: string;
}

describe.skipIf(skipBrowserTests)('the customer’s invoice on their order page', () => {
  it('shows the issued invoice as open with its PDF, and after a credit note both documents', async () => {
    const customer = await signUpFresh(stack.baseUrl, 'invoice-customer');
    const albumId = await orderableAlbum(stack.baseUrl, customer.access_token, 'de', 'Sommerfest Kita Sonne');
    const orderId = await placeOrder(stack.baseUrl, customer.access_token, albumId, {
      firstName: 'Mara',
      lastName: 'Lind',
      email: 'mara.lind@example.org',
    });

    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: DESKTOP });
    await signInWithSession(page, customer);

    // Before any invoice: the panel says one will come.
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('customer-invoice-none').waitFor();
    await expectNoSeriousA11yViolations(page, 'order page without invoice (de)');

    // The admin issues the invoice (the back office's button; its browser test is back-office-documents).
    const admin = await logInApi(stack.baseUrl, ADMIN);
    const { invoice } = await apiCall<{ invoice: IssuedDocument & { gross_amount: number } }>(
      stack.baseUrl,
      `/orders/${orderId}/invoice`,
      { method: 'POST', token: admin.access_token },
    );

    await page.reload();
    const panel = page.getByTestId('customer-invoice-panel');
    const shown = panel.getByTestId('customer-invoice');
    await shown.waitFor();
    expect(await shown.getAttribute('data-number')).toBe(invoice.number);
    await panel.getByText(`Rechnung ${invoice.number}`, { exact: true }).waitFor();
    const status = panel.getByTestId('customer-invoice-status');
    expect(await status.getAttribute('data-status')).toBe('open');
    // The badge draws its text in capitals; the text itself is the word.
    expect((await status.textContent())?.trim().toLowerCase()).toBe('offen');
    const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      invoice.gross_amount / 100,
    );
    await panel.getByText(amount, { exact: true }).waitFor();
    await panel
      .getByText(`Rechnungsnummer ${invoice.number} als Verwendungszweck`, { exact: false })
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'order page with open invoice (de)');
    await shot(page, 'customer-invoice-de-1-open');

    // The PDF downloads under its number and is the file that was issued (its link is signed for this owner).
    const link = page.getByTestId('customer-invoice-download');
    expect(await link.innerText()).toContain(`Rechnung ${invoice.number} herunterladen`);
    const pdf = await download(page, 'customer-invoice-download');
    expect(pdf.name).toBe(`${invoice.number}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const issued = await fetch(`${stack.baseUrl}/api/v1/orders/${orderId}/invoice.pdf`, {
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(Buffer.from(await issued.arrayBuffer()).equals(pdf.bytes)).toBe(true);

    // The credit note: the invoice turns "Storniert", the credit note has its own PDF and says what it means.
    const { credit_note: note } = await apiCall<{ credit_note: IssuedDocument }>(
      stack.baseUrl,
      `/orders/${orderId}/credit_note`,
      { method: 'POST', token: admin.access_token },
    );
    await page.reload();
    const creditNote = panel.getByTestId('customer-credit-note');
    await creditNote.waitFor();
    expect(await creditNote.getAttribute('data-number')).toBe(note.number);
    expect(await shown.getAttribute('data-number')).toBe(invoice.number);
    expect(await status.getAttribute('data-status')).toBe('void');
    expect((await status.textContent())?.trim()).toBe('Storniert');
    await creditNote.getByText(`Rechnungskorrektur ${note.number}`, { exact: true }).waitFor();
    const explanation = await creditNote.innerText();
    expect(explanation).toContain(`storniert die Rechnung ${invoice.number}`);
    expect(explanation).not.toMatch(/erstatt/i);
    await expectNoSeriousA11yViolations(page, 'order page with invoice and credit note (de)');
    await shot(page, 'customer-invoice-de-2-credit-note');

    const notePdf = await download(page, 'customer-credit-note-download');
    expect(notePdf.name).toBe(`${note.number}.pdf`);
    expect(notePdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(notePdf.bytes.equals(pdf.bytes)).toBe(false);
    // The invoice's PDF is still there, unchanged.
    expect((await download(page, 'customer-invoice-download')).bytes.equals(pdf.bytes)).toBe(true);
    await context.close();

    // Another customer: the order is not theirs, so the page is the 404 page and offers no document.
    const stranger = await signUpFresh(stack.baseUrl, 'invoice-stranger');
    const other = await newPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      viewport: DESKTOP,
      // The order answer's 404 is the expected refusal.
      allowErrors: [/status of 404/],
    });
    await signInWithSession(other.page, stranger);
    await other.page.goto(`/orders/${orderId}`);
    await other.page.getByTestId('not-found-page').waitFor();
    expect(await other.page.getByTestId('customer-invoice-panel').count()).toBe(0);
    await other.context.close();
  });
});
