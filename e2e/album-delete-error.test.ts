/**
 * The start page's album list. Its first data is asked for before the app's code has arrived, by index.html's
 * preload script once the early refresh answers (issue 23 item 8: the list is what a signed-in visitor's largest
 * paint waits for).
 *
 * A failed album delete says why (SPEC §8 "Album delete failure shows German message with server errors", issue
 * 22): the start page's delete of an album that is already gone (deleted in another tab) answers 404, and the
 * owner reads the server's reason in their language, not a bare "something went wrong".
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  apiCall,
  createAlbumFromBlueprint,
  holdUntilRequested,
  launchBrowser,
  newPage,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';

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

describe.skipIf(skipBrowserTests)('the start page’s album list', () => {
  it('is asked for before the app’s code has arrived, once', async () => {
    const session = await signUpFresh(stack.baseUrl, 'start-early');
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, session.access_token, {
      title: 'Früh gefragt',
      language: 'de',
    });
    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(page, session);
    // The app's entry is held back until the list has been asked for: only the small preload script, which starts
    // the refresh and then the list with its token as the HTML arrives, can ask for it by then.
    const entry = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')!.src,
    );
    const list = await holdUntilRequested(page, entry, {
      method: 'GET',
      pathname: '/api/v1/albums',
    });
    await page.goto('/start');
    await page.locator(`[data-testid="album-card"][data-album-id="${albumId}"]`).waitFor();
    expect(list.askedWhileHeld()).toBe(true);
    expect(list.requests).toHaveLength(1);
    await context.close();
  }, 120_000);
});

describe.skipIf(skipBrowserTests)('deleting an album from the start page', () => {
  it("shows the server's reason, translated, when the delete fails", async () => {
    const session = await signUpFresh(stack.baseUrl, 'album-delete');
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, session.access_token, {
      title: 'Schon weg',
      language: 'de',
    });
    const { context, page } = await newPage(browser, stack.baseUrl, {
      locale: 'de-DE',
      // The refused DELETE (the album is gone) is what this test provokes.
      allowErrors: [/status of 404/],
    });
    await signInWithSession(page, session);
    await page.goto('/start');
    const card = page.locator(`[data-testid="album-card"][data-album-id="${albumId}"]`);
    await card.waitFor();

    // Another tab deletes it first; this page still shows the card.
    await apiCall(stack.baseUrl, `/albums/${albumId}`, { method: 'DELETE', token: session.access_token });
    await card.getByTestId('album-delete').click();
    await page.getByTestId('confirm-modal-confirm').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Das Album konnte nicht gelöscht werden' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Das Album konnte nicht gelöscht werden: Das konnten wir leider nicht finden.',
    );
    await expectNoSeriousA11yViolations(page, 'start page with the delete error');
    await context.close();
  }, 120_000);
});
