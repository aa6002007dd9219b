/**
 * The binding rule in a real browser (issue 22 item 3, SPEC §5/§9): an album's inlay (every spread but the cover)
 * is bound from folded sheets, so it needs an even number of spreads. A customer who deletes an inner spread of an
 * ordered wedding album sees "Für die Bindung fehlen noch Doppelseiten: 1" as an error in the review tab, where the
 * print approval then waits, and on the checkout's first step; undoing the delete clears it.
 * Screenshots go to BINDING_SHOTS_DIR (default /tmp/binding-shots).
 */
import { mkdirSync } from 'node:fs';
import { childrenOf, isStaticSection, sectionsInOrder, type AlbumDocument } from '@stickerbook/model';
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
import { orderableAlbum, placeOrder } from './orders-helpers.ts';

let stack: Stack;
let browser: Browser;
const SHOTS = process.env.BINDING_SHOTS_DIR ?? '/tmp/binding-shots';
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

interface AlbumView {
  workspace: AlbumDocument;
  errors: Array<{ code: string; count?: number; spread_id?: string }>;
}

/** The last spread of the first editable section with two spreads: one the editor lets a customer delete. */
function deletableSpread(doc: AlbumDocument): string {
  for (const section of sectionsInOrder(doc)) {
    if (isStaticSection(section)) continue;
    const spreads = childrenOf(doc, section.id).filter((node) => node.type === 'Spread');
    if (spreads.length >= 2) return spreads[spreads.length - 1]!.id;
  }
  throw new Error('no editable section with two spreads');
}

const bindingCodes = async (token: string, albumId: string) =>
  (await apiCall<AlbumView>(stack.baseUrl, `/albums/${albumId}`, { token })).errors
    .filter((entry) => entry.code === 'SPREADS_MISSING_FOR_BINDING')
    .map((entry) => entry.count);

const syncStatus = (page: Page) => page.getByTestId('sync-status').getAttribute('data-status');

describe.skipIf(skipBrowserTests)('the binding rule', () => {
  it('shows missing spreads as an error in the review tab and the checkout, holds the approval, and clears on undo', async () => {
    const session = await signUpFresh(stack.baseUrl, 'binding');
    const albumId = await orderableAlbum(stack.baseUrl, session.access_token, 'de', 'Hochzeit Bindung');
    // Every template is printable as it comes: ordering the filled album passes the preflight.
    await placeOrder(stack.baseUrl, session.access_token, albumId);
    const album = await apiCall<AlbumView>(stack.baseUrl, `/albums/${albumId}`, {
      token: session.access_token,
    });
    expect(album.errors).toEqual([]);
    const spreadId = deletableSpread(album.workspace);

    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: DESKTOP });
    await signInWithSession(page, session);
    // `?spread=` opens the editor at that spread, so its meta bar (with the delete action) is on screen.
    await page.goto(`/album/${albumId}/review?spread=${spreadId}`);
    await page.getByTestId('review-panel').waitFor();
    const approve = page.getByTestId('review-approve');
    await expect.poll(() => approve.isEnabled()).toBe(true);
    expect(await page.getByTestId('review-problems').count()).toBe(0);

    // One inner spread deleted: an odd inlay. (Two would make it even again: the rule is about whole sheets.)
    const remove = page.locator(
      `[data-testid="spread-actions"][data-spread-id="${spreadId}"] [data-testid="spread-action-delete"]`,
    );
    await expect.poll(() => remove.isEnabled()).toBe(true);
    await remove.click();
    await page.getByTestId('confirm-modal-confirm').click();

    const problems = page.getByTestId('review-problems');
    await problems.waitFor();
    const group = problems.locator('[data-code="SPREADS_MISSING_FOR_BINDING"]');
    expect(await group.getByTestId('problem-group-title').textContent()).toBe(
      'Für die Bindung fehlen noch Doppelseiten: 1',
    );
    expect(await group.getByTestId('problem-group-advice').textContent()).toContain('gerade Zahl');
    // It names the place a spread would be added: the last editable spread's pages.
    expect(await group.getByTestId('problem-place').textContent()).toMatch(/^Seiten \d+-\d+$/);
    expect(await approve.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/review-tab.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, 'review tab with the binding error');

    // The top bar's preflight lists it too, as an error.
    await page.getByTestId('preflight-icon').hover();
    await page.getByTestId('preflight-list').locator('[data-code="SPREADS_MISSING_FOR_BINDING"]').waitFor();
    await page.keyboard.press('Escape');

    // The server sees the same: the album cannot be ordered or approved until it is fixed.
    await expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('saved');
    await expect.poll(() => bindingCodes(session.access_token, albumId)).toEqual([1]);

    // The checkout's first step lists it with the other problems, before any form.
    const checkout = await context.newPage();
    await checkout.goto(`/album/${albumId}/checkout`);
    const errors = checkout.getByTestId('album-errors');
    await errors.waitFor();
    await checkout.getByTestId('checkout-preview').waitFor();
    const checkoutGroup = errors.locator('[data-code="SPREADS_MISSING_FOR_BINDING"]');
    expect(await checkoutGroup.getByTestId('problem-group-title').textContent()).toBe(
      'Für die Bindung fehlen noch Doppelseiten: 1',
    );
    await expect
      .poll(() => checkoutGroup.getByTestId('problem-place').textContent())
      .toMatch(/^Seiten \d+-\d+$/);
    await checkout.screenshot({ path: `${SHOTS}/checkout-first-step.png`, fullPage: true });
    await checkout.close();

    // Undo brings the spread back: the inlay is even, the error goes and the approval is offered again.
    await page.getByTestId('undo').click();
    await problems.waitFor({ state: 'detached' });
    await expect.poll(() => approve.isEnabled()).toBe(true);
    await expect.poll(() => syncStatus(page), { timeout: 20_000 }).toBe('saved');
    await expect.poll(() => bindingCodes(session.access_token, albumId)).toEqual([]);
    await context.close();
  }, 180_000);
});
