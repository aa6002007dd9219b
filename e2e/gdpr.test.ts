/**
 * Issue 24 item 2, GDPR self-service in the browser: the profile's "Meine Daten herunterladen" runs the export job
 * with its progress and offers the zip; "Konto löschen" asks twice, refuses a wrong password with a translated
 * message and, with the right one, deletes the account and logs out. An admin finds the customer in the back
 * office first; the privacy page says all this.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  createAlbumFromBlueprint,
  launchBrowser,
  logInApi,
  newPage,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';
import { adminPage } from './orders-helpers.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/stickerbook-gdpr';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe.skipIf(skipBrowserTests)('GDPR self-service', () => {
  it('downloads the data as a zip and deletes the account after two confirmations', async () => {
    const customer = await signUpFresh(stack.baseUrl, 'gdpr');
    const email = String(customer.user.email);
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, customer.access_token, {
      title: 'Sommerfest 2027',
    });

    // An admin finds the customer in the back office.
    const admin = await adminPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await admin.page.goto(`/admin/users?email=${encodeURIComponent(email)}`);
    await admin.page.getByTestId('admin-user').getByText(email).waitFor();
    await admin.page.getByTestId('admin-delete-user').waitFor();
    await expectNoSeriousA11yViolations(admin.page, 'back-office user page');
    await admin.page.screenshot({ path: `${SHOTS}/admin-user.png`, fullPage: true });
    await admin.context.close();

    const { context, page } = await newPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      // The wrong password's refusal, and what the logged-out page still asks before it notices.
      allowErrors: [/status of 422/, /status of 401/],
    });
    await signInWithSession(page, customer);
    await page.goto('/profile');

    // The export: started here, its progress shown, then the zip to download.
    const start = page.getByTestId('data-export-start');
    expect(await start.textContent()).toBe('Meine Daten herunterladen');
    await start.click();
    const download = page.getByTestId('data-export-download');
    await download.waitFor({ timeout: 60_000 });
    expect(await download.textContent()).toMatch(/^ZIP herunterladen \([\d,]+ kB\)$/);
    const href = await download.getAttribute('href');
    const zip = await page.request.get(href!);
    expect(zip.ok()).toBe(true);
    const bytes = await zip.body();
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    // Entry names stand uncompressed in the zip's directory.
    expect(bytes.includes(Buffer.from('account.json'))).toBe(true);
    expect(bytes.includes(Buffer.from(`albums/${albumId}/album.json`))).toBe(true);
    await expectNoSeriousA11yViolations(page, 'profile with the data export');
    await page.screenshot({ path: `${SHOTS}/profile-export.png`, fullPage: true });

    // First confirmation: the confirm modal; cancelling it changes nothing.
    await page.getByTestId('delete-account').click();
    await page.getByText('Konto wirklich löschen?').waitFor();
    await page.getByTestId('confirm-modal-cancel').click();
    expect(await page.getByTestId('delete-account-final').count()).toBe(0);
    await page.getByTestId('delete-account').click();
    await page.getByTestId('confirm-modal-confirm').click();

    // Second confirmation: the password. A wrong one is refused in German and deletes nothing.
    const final = page.getByTestId('delete-account-final');
    await final.waitFor();
    expect(await final.isDisabled()).toBe(true);
    await page.getByTestId('delete-account-password').fill('not my password');
    await page.screenshot({ path: `${SHOTS}/delete-second-confirmation.png`, fullPage: true });
    await final.click();
    await expect
      .poll(() => page.getByTestId('delete-account-error').textContent())
      .toBe('Das Passwort ist nicht richtig. Es wurde nichts gelöscht.');
    await expectNoSeriousA11yViolations(page, 'delete account dialog');
    await page.screenshot({ path: `${SHOTS}/delete-wrong-password.png`, fullPage: true });
    expect((await logInApi(stack.baseUrl, customer.credentials)).access_token).toBeTruthy();

    await page.getByTestId('delete-account-password').fill('correct horse battery');
    await final.click();
    await page.waitForURL(/\/login/);
    await page.getByText('Dein Konto wurde gelöscht.').waitFor();
    await page.locator('input[type="password"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/deleted.png`, fullPage: true });
    await expect(logInApi(stack.baseUrl, customer.credentials)).rejects.toThrow();
    await context.close();

    // The privacy page says what the profile offers.
    const reader = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await reader.page.goto('/privacy');
    await reader.page.getByText('Deine Daten selbst abrufen und löschen').waitFor();
    await reader.context.close();
  }, 240_000);
});
