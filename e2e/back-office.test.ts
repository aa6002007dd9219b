/**
 * The back office in a real browser (issue 14, SPEC §2 Dashboard and Order detail, §4 order signals, §8 admin
 * messages): an order placed by a customer shows on the admin dashboard with its counts, can be found by the
 * customer's name, the view survives a reload through the URL, and on the order page staff add an event (which then
 * is no longer offered), work with comments and finally delete the order. An invoiced order is frozen (issue 21):
 * the page and the dashboard say so, edit controls are disabled and explained, a credit note opens it for the
 * correction and a corrected invoice freezes it again; each edit shows on the timeline as old → new, for the
 * customer too. Screenshots at 1440×900 go to ADMIN_SHOTS_DIR (default /tmp/admin-shots).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  signInWithSession,
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
const count = (page: Page, scope: string) => page.getByTestId(`scope-count-${scope}`).innerText();

describe.skipIf(skipBrowserTests)('back office', () => {
  it('takes an order from the dashboard through events and comments to its deletion', async () => {
    const customer = await signUpFresh(stack.baseUrl, 'backoffice-customer');
    const lastName = `Zwiebelturm${Date.now() % 100_000}`;
    const albumId = await orderableAlbum(stack.baseUrl, customer.access_token, 'de', 'Hochzeit am Seeblick');
    const orderId = await placeOrder(stack.baseUrl, customer.access_token, albumId, {
      firstName: 'Wilhelmine',
      lastName,
      email: 'wilhelmine@example.org',
      address1: 'Seestraße 4',
    });

    const { context, page } = await adminPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      viewport: DESKTOP,
      // The first delete request is cut off on purpose below; the browser reports the failed request. A signal out of
      // SPEC §4's order is answered 409 before the admin confirms it, which the browser reports too.
      allowErrors: [/net::ERR_FAILED/, /status of 409 \(Conflict\) \(\S+\/order_updates\)/],
    });

    // The order is on the dashboard in show_all and pending_review, with counts from meta.
    await page.goto('/dashboard');
    const row = page.locator(`[data-testid="dashboard-order-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(Number(await count(page, 'show_all'))).toBeGreaterThanOrEqual(1);
    await expect.poll(() => row.getByTestId('design-check').innerText()).toBe('NEIN');
    await page.getByTestId('scope-pending_review').click();
    await page.waitForURL(/scope=pending_review/);
    await row.waitFor();
    expect(Number(await count(page, 'pending_review'))).toBeGreaterThanOrEqual(1);
    expect(await row.getByTestId('status-shipment').getAttribute('data-status')).toBe('pending');
    await shot(page, 'dashboard-orders');

    // Search by the customer's name narrows the list to this order, and the URL keeps the view on reload.
    await page.getByTestId('dashboard-search').fill(lastName);
    await page.waitForURL(/query=Zwiebelturm/);
    await expect.poll(() => page.getByTestId('dashboard-order-row').count()).toBe(1);
    expect(await count(page, 'show_all')).toBe('1');
    await page.reload();
    await row.waitFor();
    expect(new URL(page.url()).searchParams.get('scope')).toBe('pending_review');
    expect(await page.getByTestId('dashboard-search').inputValue()).toBe(lastName);
    expect(await page.getByTestId('scope-pending_review').getAttribute('data-active')).toBe('true');
    await page.goto('/dashboard?scope=show_all&page=2');
    await page.getByTestId('dashboard-page').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByTestId('dashboard-tab-albums').click();
    await page.getByTestId('dashboard-album-row').first().waitFor();
    // The chosen tab is underlined: the Tabs stylesheet wins over the button reset (a build that loaded the
    // per-component stylesheets in another order once drew the tabs as bare text).
    const underline = await page
      .getByTestId('dashboard-tab-albums')
      .evaluate((tab) => [getComputedStyle(tab).borderBottomWidth, getComputedStyle(tab).borderBottomColor]);
    expect(underline[0]).not.toBe('0px');
    expect(underline[1]).not.toBe('rgba(0, 0, 0, 0)');
    await shot(page, 'dashboard-albums');

    // The order page shows the staff panels; 'accepted' with an e-mail leaves the events form.
    await page.goto(`/dashboard?query=${lastName}`);
    await row.getByRole('link').first().click();
    await page.waitForURL(`**/orders/${orderId}`);
    await page.getByTestId('order-admin').waitFor();
    await page.getByTestId('events-signal').click();
    await page.getByRole('option', { name: 'Bestellung angenommen' }).click();
    await page.getByTestId('events-send-email').check();
    await page.getByTestId('events-submit').click();
    await page.locator('[data-testid="order-update"][data-signal="accepted"]').waitFor();
    await page.getByTestId('events-signal').click();
    await page.getByRole('listbox').waitFor();
    expect(await page.getByRole('option', { name: 'Bestellung angenommen' }).count()).toBe(0);
    expect(await page.getByRole('option', { name: 'Bestellung abgelehnt' }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // SPEC §4's order (issue 22 item 6): shipping before production asks first, naming the reason; no sends
    // nothing, yes adds it with confirm.
    await page.getByTestId('events-signal').click();
    await page.getByRole('option', { name: 'Alben versendet' }).click();
    await page.getByTestId('events-tracking').fill('00340434161094042557');
    await page.getByTestId('events-submit').click();
    const reason = page.getByText('„Alben versendet“ kommt erst nach');
    await reason.waitFor();
    expect(await page.getByRole('dialog').innerText()).toContain('„Produktion gestartet“');
    await shot(page, 'order-signal-out-of-order');
    await page.getByTestId('confirm-modal-cancel').click();
    await reason.waitFor({ state: 'hidden' });
    expect(await page.locator('[data-testid="order-update"][data-signal="albums_shipped"]').count()).toBe(0);
    await page.getByTestId('events-submit').click();
    await reason.waitFor();
    await page.getByTestId('confirm-modal-confirm').click();
    await page.locator('[data-testid="order-update"][data-signal="albums_shipped"]').waitFor();

    // The customer reads their milestone with the carrier, the one order number, and no internal step.
    const buyer = await newPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: DESKTOP });
    await signInWithSession(buyer.page, customer);
    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByTestId('order-page').waitFor();
    expect(await buyer.page.getByTestId('order-status-message').innerText()).toBe('Versendet mit DHL');
    const number = (await buyer.page.getByRole('heading', { level: 1 }).innerText()).match(/SB-\d+/)?.[0];
    expect(number).toBeDefined();
    await expect.poll(() => buyer.page.title()).toContain(`Bestellung ${number}`);
    expect(await buyer.page.locator('[data-step="shipped"]').getAttribute('data-active')).toBe('true');
    await buyer.page.goto('/orders');
    const card = buyer.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('order-status-message').innerText()).toBe('Versendet mit DHL');
    await buyer.context.close();

    // Line items: a new quantity is priced at the order's unit price and the totals follow; delete asks first.
    const grossBefore = await page.getByTestId('order-total-gross').innerText();
    await page.getByTestId('line-item-edit').first().click();
    await page.getByTestId('line-item-quantity').fill('60');
    await page.getByTestId('line-item-save').click();
    await expect.poll(() => page.getByTestId('order-total-gross').innerText()).not.toBe(grossBefore);
    expect(await page.getByTestId('order-line-item').first().innerText()).toContain('60');
    await page.getByTestId('line-item-delete').first().click();
    await page.getByText('Wirklich löschen?').waitFor();
    await page.getByTestId('confirm-modal-cancel').click();
    await page.getByText('Wirklich löschen?').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('order-line-item').count()).toBe(2);

    // Comments: the add button waits for text; a comment is added, completed and deleted after confirmation.
    expect(await page.getByTestId('comment-submit').isDisabled()).toBe(true);
    await page.getByTestId('comment-input').fill('Bitte Cover-Farben mit der Kundin abstimmen');
    await page.getByTestId('comment-submit').click();
    const comment = page.getByTestId('order-comment');
    await comment.waitFor();
    await expect.poll(() => page.getByTestId('comment-input').inputValue()).toBe('');
    // The list refreshes from the server right after the add: one click on the toggle still holds through it.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && /\/comments\//.test(response.url()),
    );
    await comment.getByTestId('comment-completed').click();
    expect((await saved).status()).toBe(200);
    // It stays done once the list has been read again from the server.
    await page.reload();
    await page.locator('[data-testid="order-comment"][data-completed="true"]').waitFor();
    await shot(page, 'order-admin');
    await comment.getByTestId('comment-delete').click();
    await page.getByText('Kommentar wirklich löschen?').waitFor();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect.poll(() => page.getByTestId('order-comment').count()).toBe(0);

    // A delete that gets no answer leaves the order page and says the deletion is unconfirmed.
    const orderUrl = page.url();
    const cutOff = (route: Route) =>
      route.request().method() === 'DELETE' ? route.abort('failed') : route.fallback();
    await page.route('**/api/v1/orders/*', cutOff);
    await page.getByTestId('order-delete').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await page.getByText('Fehler beim Bestätigen der Löschung').waitFor();
    expect(page.url()).toBe(orderUrl);
    await page.unroute('**/api/v1/orders/*', cutOff);

    // Deleting the order asks first, then says so and goes back to the dashboard.
    await page.getByTestId('order-delete').click();
    await page.getByText('Bist du sicher, dass du die Bestellung endgültig löschen möchtest?').waitFor();
    await page.getByTestId('confirm-modal-confirm').click();
    await page.getByText('Bestellung erfolgreich gelöscht').waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await shot(page, 'order-deleted');
    expect(await row.count()).toBe(0);

    await context.close();
  }, 120_000);

  it('freezes an invoiced order, shows why, and lets staff correct it after a credit note', async () => {
    const customer = await signUpFresh(stack.baseUrl, 'freeze-customer');
    const lastName = `Eisblume${Date.now() % 100_000}`;
    const albumId = await orderableAlbum(stack.baseUrl, customer.access_token, 'de', 'Sommerfest');
    const orderId = await placeOrder(stack.baseUrl, customer.access_token, albumId, { lastName });
    const { context, page } = await adminPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: DESKTOP });
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('order-admin').waitFor();
    expect(await page.getByTestId('invoice-state').count()).toBe(0);

    // An edit is a change on the timeline: "Alben: 50 → 55".
    const albumRow = page.getByTestId('order-line-item').first();
    await albumRow.getByTestId('line-item-edit').click();
    await page.getByTestId('line-item-quantity').fill('55');
    await page.getByTestId('line-item-save').click();
    const albums = page.locator('[data-testid="order-change"][data-field="no_albums"]');
    await albums.waitFor();
    expect(await albums.innerText()).toBe('Alben: 50 → 55');

    // Invoiced: the state is shown and every edit of invoiced content is disabled, with the reason.
    await page.getByTestId('invoice-create').click();
    const state = page.getByTestId('invoice-state');
    await page.locator('[data-testid="invoice-state"][data-state="frozen"]').waitFor();
    const invoiceNumber = /\d{4}-\d{6}/.exec(await state.innerText())![0];
    expect(await state.innerText()).toContain(`Rechnung ${invoiceNumber} · eingefroren`);
    expect(await page.getByTestId('line-item-edit').first().isDisabled()).toBe(true);
    expect(await page.getByTestId('line-item-delete').first().isDisabled()).toBe(true);
    expect(await page.getByTestId('line-item-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('order-address-edit').isDisabled()).toBe(true);
    expect(await page.getByTestId('line-items-locked').innerText()).toContain('Gutschrift');
    await shot(page, 'order-invoiced');

    await page.goto(`/dashboard?query=${lastName}`);
    const badge = page.locator(`[data-order-id="${orderId}"] [data-testid="dashboard-invoice-state"]`);
    await badge.waitFor();
    expect(await badge.getAttribute('data-state')).toBe('frozen');
    expect(await badge.innerText()).toContain(invoiceNumber);

    // A credit note opens the order for the correction; the corrected invoice freezes it again.
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('credit-note-create').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await page.locator('[data-testid="invoice-state"][data-state="credited"]').waitFor();
    expect(await page.getByTestId('invoice-state').innerText()).toContain('Korrektur möglich');
    await expect.poll(() => page.getByTestId('line-item-edit').first().isDisabled()).toBe(false);
    await page.getByTestId('line-item-edit').first().click();
    await page.getByTestId('line-item-quantity').fill('60');
    await page.getByTestId('line-item-save').click();
    await page.getByText('Alben: 55 → 60').waitFor();
    expect(await page.getByTestId('invoice-create').innerText()).toBe('Korrigierte Rechnung erstellen');
    await page.getByTestId('invoice-create').click();
    await page.locator('[data-testid="invoice-state"][data-state="frozen"]').waitFor();
    expect(await page.getByTestId('invoice-state').innerText()).not.toContain(invoiceNumber);
    await expect.poll(() => page.getByTestId('order-document-invoice').count()).toBe(2);
    await shot(page, 'order-reinvoiced');
    await context.close();

    // The customer reads the changes that touch them, without who made them.
    const mine = await newPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: DESKTOP });
    await signInWithSession(mine.page, customer);
    await mine.page.goto(`/orders/${orderId}`);
    await mine.page.getByText('Alben: 50 → 55').waitFor();
    expect(await mine.page.getByTestId('order-change-author').count()).toBe(0);
    await mine.context.close();
  }, 120_000);
});
