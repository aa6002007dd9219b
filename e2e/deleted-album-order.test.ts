/**
 * Issue 22: deleting an album that has an order crashed /orders, /orders/{id}, /profile and the admin order page
 * (the web read `order.album.title` of `album: null`). The order keeps the album's title and every page shows it.
 */
import type { Browser } from 'playwright-core';
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
import { adminPage, orderableAlbum, placeOrder } from './orders-helpers.ts';

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

describe.skipIf(skipBrowserTests)('an order whose album was deleted', () => {
  it('still shows the order with the album’s title to the customer and the admin', async () => {
    const session = await signUpFresh(stack.baseUrl, 'deleted-album');
    const albumId = await orderableAlbum(stack.baseUrl, session.access_token, 'de', 'Gartenfest 2027');
    const orderId = await placeOrder(stack.baseUrl, session.access_token, albumId);
    await apiCall(stack.baseUrl, `/albums/${albumId}`, { method: 'DELETE', token: session.access_token });

    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await signInWithSession(page, session);
    await page.goto('/orders');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.textContent()).toContain('Gartenfest 2027');
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('order-album-deleted').waitFor();
    expect(await page.getByTestId('order-album-deleted').textContent()).toBe(
      '„Gartenfest 2027“ (Album gelöscht)',
    );
    await expectNoSeriousA11yViolations(page, 'order of a deleted album');
    await page.goto('/profile');
    await page.getByTestId('latest-orders').getByText('Gartenfest 2027').first().waitFor();
    await context.close();

    const admin = await adminPage(browser, stack.baseUrl, { locale: 'de-DE' });
    await admin.page.goto(`/orders/${orderId}`);
    await admin.page.getByText('Gartenfest 2027').first().waitFor();
    await admin.context.close();
  }, 120_000);
});
