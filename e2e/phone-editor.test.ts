/**
 * The reduced editor on a 390 x 844 phone, tab by tab: the canvas's bars (Undo, Redo, History, the page box)
 * are whole and not covered by the tab sheet or the tools, and another editor's avatar does not sit on the
 * language button. Screenshots of every tab go to PHONE_SHOTS_DIR when set.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbumFromBlueprint,
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
const SHOTS = process.env.PHONE_SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const TABS = ['onboarding', 'stickers', 'stickerlink', 'background', 'layouts', 'styles', 'jobs', 'review'];

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Whether the element is inside the screen and topmost at each of its edges: nothing covers any of it. */
async function wholeAndOnTop(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize()!;
  if (box.x < 0 || box.y < 0 || box.x + box.width > viewport.width || box.y + box.height > viewport.height)
    return false;
  const handle = await locator.elementHandle();
  return page.evaluate(
    ({ element, box }) => {
      // The middle of each edge, 4 px in (the corners are rounded, and hit testing follows the rounding).
      const points = [
        [box.x + box.width / 2, box.y + 4],
        [box.x + 4, box.y + box.height / 2],
        [box.x + box.width - 4, box.y + box.height / 2],
        [box.x + box.width / 2, box.y + box.height - 4],
      ];
      return points.every(([x, y]) => {
        const top = document.elementFromPoint(x, y);
        return top !== null && (element as Element).contains(top);
      });
    },
    { element: handle, box },
  );
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe.skipIf(skipBrowserTests)('the editor on a phone', () => {
  it('keeps Undo, Redo, History and the page box whole above the tab sheet on every tab, and avatars off the language button', async () => {
    const session = await signUpFresh(stack.baseUrl, 'phone');
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, session.access_token, { language: 'de' });
    // A second window of the album, so the phone shows a presence avatar.
    const desk = await newPage(browser, stack.baseUrl, { viewport: { width: 1280, height: 800 } });
    await signInWithSession(desk.page, session);
    await desk.page.goto(`/album/${albumId}/stickers`);
    await desk.page.getByTestId('editor-canvas').waitFor();

    const { context, page } = await newPage(browser, stack.baseUrl, { locale: 'de-DE', viewport: PHONE });
    await signInWithSession(page, session);
    await page.evaluate(() => sessionStorage.setItem('stickerbook.mobileAlert.dismissed', '1'));
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    for (const tab of TABS) {
      await page.goto(`/album/${albumId}/${tab}`);
      await page.getByTestId('editor-canvas').waitFor();
      await page.getByTestId('presence-avatars').waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-${tab}.png` });
      for (const id of ['history-panel', 'bottom-bar', 'tool-menu']) {
        await expect
          .poll(() => wholeAndOnTop(page, page.getByTestId(id)), { message: `${id} on ${tab}` })
          .toBe(true);
      }
      const avatars = (await page.getByTestId('presence-avatars').boundingBox())!;
      const language = (await page.getByTestId('language-switch').boundingBox())!;
      expect(overlap(avatars, language), `avatars on ${tab}`).toBe(false);
      expect(await wholeAndOnTop(page, page.getByTestId('language-switch'))).toBe(true);
    }
    await context.close();
    await desk.context.close();
  }, 180_000);
});

describe.skipIf(skipBrowserTests)('the zoom label', () => {
  it('shows its whole percentage, % included, at the highest zoom', async () => {
    const session = await signUpFresh(stack.baseUrl, 'zoom');
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, session.access_token);
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1440, height: 900 },
    });
    await signInWithSession(page, session);
    await page.goto(`/album/${albumId}/onboarding`);
    await page.getByTestId('editor-canvas').waitFor();
    for (const zoom of [0.5, 12.34, 100]) {
      await page.evaluate(
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor's debugging handle
        (z) => (window as any).stickerbookEditor.cameraController.zoomTo(z),
        zoom,
      );
      const label = page.getByTestId('zoom-menu');
      await expect.poll(() => label.textContent()).toBe(`${Math.round(zoom * 100)}\u00a0%`);
      // Nothing of the label is cut off: its text fits the button.
      const fits = await label.evaluate((button) => {
        const text = button.querySelector('.mantine-Button-label') ?? button;
        const range = document.createRange();
        range.selectNodeContents(text);
        const textBox = range.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return textBox.left >= box.left && textBox.right <= box.right;
      });
      expect(fits, `at ${zoom}`).toBe(true);
    }
    await context.close();
  });
});
