/**
 * The public album preview link in a real browser (SPEC §2 /album/{albumId}/preview/{token}): the owner copies the
 * link from the album settings, a visitor who is not signed in (desktop and phone) looks through the album spread
 * by spread, and after the owner makes a new link the old one redirects to /.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  signInWithSession,
  skipBrowserTests,
  startStack,
  type Stack,
  signUpFresh,
  createAlbumFromBlueprint,
} from './harness.ts';

let stack: Stack;
let browser: Browser;
const SHOTS = process.env.SHOTS_DIR;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const apiSession = (baseUrl: string) => signUpFresh(baseUrl, 'preview');

const apiCreateAlbum = (baseUrl: string, token: string, title: string) =>
  createAlbumFromBlueprint(baseUrl, token, { title, language: 'en' });

const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }).then(() => undefined) : Promise.resolve();

/** A visitor's first visit: the page is public, so the cookie choice is asked (SPEC §2 excludes only render paths). */
async function answerCookieConsent(page: Page) {
  await page.getByTestId('cookie-consent').getByTestId('cookie-save').click();
  // Closed and faded out (the modal's root stays, empty).
  await page.getByTestId('cookie-consent').locator('.mantine-Modal-content').waitFor({ state: 'detached' });
}

describe.skipIf(skipBrowserTests)('the album preview link in a browser', () => {
  it('is copied from the settings, viewed without signing in, and retired by a new link', async () => {
    const title = 'Summer camp 2027';
    const session = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, session.access_token, title);

    // The owner copies the link from the general settings.
    const { context: ownerContext, page: owner } = await newPage(browser, stack.baseUrl);
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await signInWithSession(owner, session);
    await owner.goto(`/album/${albumId}/stickers/settings/general`);
    const urlField = owner.getByTestId('settings-preview-link-url');
    await urlField.waitFor();
    const shown = await urlField.inputValue();
    await owner.getByTestId('settings-preview-link-copy').click();
    await owner.getByTestId('settings-preview-link-copy').getByText('Copied').waitFor();
    const copied = await owner.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    const link = new URL(copied);
    expect(link.origin).toBe(stack.baseUrl);
    expect(link.pathname).toMatch(new RegExp(`^/album/${albumId}/preview/[0-9a-f]{64}$`));
    await shot(owner, 'album-preview-settings');

    // A visitor who is not signed in opens it on a laptop.
    // The retired link answers 404 on purpose at the end.
    const { context: visitorContext, page: visitor } = await newPage(browser, stack.baseUrl, {
      allowErrors: [/album_previews\/.* status of 404|status of 404 .*album_previews/],
    });
    await visitor.goto(link.pathname);
    await answerCookieConsent(visitor);
    const spread = visitor.getByTestId('album-preview-spread');
    await spread.waitFor();
    expect(await spread.getAttribute('data-spread-ordinal')).toBe('0');
    const coverId = await spread.getAttribute('data-spread-id');
    // The cover draws the album's title (automatic text from the album, rendered as real text).
    await spread.getByText(title, { exact: true }).first().waitFor();
    const page = visitor.getByTestId('album-preview-page');
    await expect.poll(() => page.textContent()).toMatch(/^Page 1 of \d+$/);
    expect(await visitor.getByTestId('album-preview-previous').isDisabled()).toBe(true);
    // Nothing in the page offers editing: no editor, no settings.
    expect(await visitor.getByTestId('settings-preview-link').count()).toBe(0);
    await shot(visitor, 'album-preview-desktop-cover');

    await visitor.getByTestId('album-preview-next').click();
    await expect.poll(() => spread.getAttribute('data-spread-ordinal')).toBe('1');
    await expect.poll(() => page.textContent()).toMatch(/^Pages 2-3 of \d+$/);
    expect(await spread.getAttribute('data-spread-id')).not.toBe(coverId);
    expect(await visitor.getByTestId('album-preview-previous').isDisabled()).toBe(false);
    await shot(visitor, 'album-preview-desktop-inside');
    // Back with the keyboard.
    await visitor.keyboard.press('ArrowLeft');
    await expect.poll(() => spread.getAttribute('data-spread-ordinal')).toBe('0');

    // On a phone: the spread fits the screen, the buttons page through it.
    const { context: phoneContext, page: phone } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 390, height: 844 },
      allowErrors: [/status of 404 .*album_previews/],
    });
    await phone.goto(link.pathname);
    await answerCookieConsent(phone);
    const phoneSpread = phone.getByTestId('album-preview-spread');
    await phoneSpread.getByText(title, { exact: true }).first().waitFor();
    const box = await phoneSpread.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(300);
    await phone.getByTestId('album-preview-next').click();
    await expect.poll(() => phoneSpread.getAttribute('data-spread-ordinal')).toBe('1');
    await shot(phone, 'album-preview-phone-inside');
    await phone.getByTestId('album-preview-previous').click();
    await expect.poll(() => phoneSpread.getAttribute('data-spread-ordinal')).toBe('0');
    await shot(phone, 'album-preview-phone-cover');

    // The owner makes a new link, after confirming that the old one stops working.
    await owner.getByTestId('settings-preview-link-rotate').click();
    await owner.getByTestId('confirm-modal-cancel').click();
    expect(await urlField.inputValue()).toBe(shown);
    await owner.getByTestId('settings-preview-link-rotate').click();
    await owner.getByText('The current link stops working immediately.', { exact: false }).waitFor();
    await owner.getByTestId('confirm-modal-confirm').click();
    await expect.poll(() => urlField.inputValue()).not.toBe(shown);
    const fresh = new URL(await urlField.inputValue());
    expect(fresh.pathname).toMatch(new RegExp(`^/album/${albumId}/preview/[0-9a-f]{64}$`));

    // The old link now redirects to / (which sends a visitor without an account on to the login).
    await visitor.goto(link.pathname);
    await visitor.waitForURL(
      (url) =>
        url.pathname === '/' || (url.pathname === '/login' && url.searchParams.get('return_to') === '/'),
    );
    expect(await visitor.getByTestId('album-preview-spread').count()).toBe(0);
    // The new one works.
    await visitor.goto(fresh.pathname);
    await visitor.getByTestId('album-preview-spread').getByText(title, { exact: true }).first().waitFor();
    // A token that belongs to another album's path does not open it either.
    await visitor.goto(fresh.pathname.replace(albumId, 'someOtherAlbumId'));
    await visitor.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');

    await phoneContext.close();
    await visitorContext.close();
    await ownerContext.close();
  }, 120_000);
});
