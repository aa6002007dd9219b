/**
 * The history panel's thumbnails in a real browser: each entry shows the spread as it was right after that change
 * (rebuilt from the current document with the history's inverse patches), not the album as it is now.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  signInWithSession,
  skipBrowserTests,
  startStack,
  logInApi,
  type Stack,
  apiCall,
  waitForEditorViewToSettle,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const api = <T>(path: string, init?: Parameters<typeof apiCall>[2]) => apiCall<T>(stack.baseUrl, path, init);

async function openNewAlbum(page: Page): Promise<void> {
  const email = `history-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const tokens = await logInApi(stack.baseUrl, { email, password: 'correct horse battery' }, '/auth/signup');
  const { blueprints } = await api<{ blueprints: Array<{ id: string }> }>('/blueprints');
  const album = await api<{ id: string }>('/albums', {
    method: 'POST',
    token: tokens.access_token,
    body: { blueprint_id: blueprints[0].id, title: 'History test', empty_inside: true },
  });
  await signInWithSession(page, tokens);
  await page.goto(`/album/${album.id}/onboarding`);
  await page.getByTestId('editor-canvas').waitFor();
  const cookie = page.getByTestId('cookie-save');
  await cookie.waitFor({ timeout: 2_000 }).catch(() => undefined);
  if (await cookie.isVisible()) await cookie.click();
  await page.getByTestId('page-box').fill('2');
  await page.getByTestId('page-box').press('Enter');
  await waitForEditorViewToSettle(page);
}

/** The current spread's id and its elements, from the engine the canvas draws. */
function spreadState(page: Page) {
  return page.evaluate(() => {
    interface Engine {
      doc: { nodes: Record<string, { id: string; parentId: string | null; props: Record<string, unknown> }> };
      selectionController: { currentSpreadId(): string };
    }
    const editor = (window as unknown as { stickerbookEditor: Engine }).stickerbookEditor;
    const spreadId = editor.selectionController.currentSpreadId();
    const nodes = Object.values(editor.doc.nodes);
    return { spreadId, children: nodes.filter((n) => n.parentId === spreadId) };
  });
}

/** Each history entry's thumbnail, newest first: its spread, markup and the fill the rectangle is drawn with. */
function thumbnails(page: Page, rectId: string) {
  return page.getByTestId('history-entry').evaluateAll(
    (entries, id) =>
      entries.map((entry) => {
        const thumb = entry.querySelector('[data-testid="history-thumbnail"]')!;
        return {
          spreadId: thumb.getAttribute('data-spread-id'),
          width: thumb.querySelector('svg')?.getBoundingClientRect().width ?? 0,
          // useId prefixes differ between renderers; the drawing does not.
          markup: thumb.innerHTML.replace(/id="[^"]*"|url\(#[^)]*\)/g, ''),
          fill: thumb.querySelector(`[data-node-id="${id}"] rect`)?.getAttribute('fill') ?? null,
          current: entry.hasAttribute('data-current'),
        };
      }),
    rectId,
  );
}

/** A picture of the history panel as the user sees it, once its opening transition is over. */
async function shot(page: Page, path: string): Promise<void> {
  const dropdown = page.locator('.mantine-Popover-dropdown', { has: page.getByTestId('history-list') });
  await expect.poll(() => dropdown.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const box = (await dropdown.boundingBox())!;
  await page.screenshot({
    path,
    clip: { x: box.x - 20, y: box.y - 20, width: box.width + 40, height: box.height + 120 },
  });
}

describe.skipIf(skipBrowserTests)('history thumbnails', () => {
  it('shows each entry as the spread was right after it', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await openNewAlbum(page);
    const { spreadId } = await spreadState(page);

    const before = new Set((await spreadState(page)).children.map((n) => n.id));
    const added = async () => (await spreadState(page)).children.filter((n) => !before.has(n.id));
    await page.getByTestId('tool-Rectangle').click();
    const spread = (await page.locator(`[data-editor-spread="${spreadId}"]`).boundingBox())!;
    await page.mouse.click(spread.x + spread.width * 0.3, spread.y + spread.height * 0.4);
    await expect.poll(async () => (await added()).length).toBe(1);
    const rect = async () => (await added())[0];
    const rectId = (await rect()).id;

    const colours = ['#e03131', '#2f9e44', '#1971c2'];
    for (const colour of colours) {
      if (!(await page.getByTestId('fill-control').isVisible()))
        await page.getByTestId('toolbar-fill').click();
      await page.getByTestId('fill-control').getByRole('button', { name: colour, exact: true }).click();
      await expect.poll(async () => (await rect()).props.fill).toBe(colour);
    }
    await page.keyboard.press('Escape');

    await page.getByTestId('history-open').click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(4);
    await expect
      .poll(async () => (await thumbnails(page, rectId)).filter((t) => t.fill !== null).length)
      .toBe(4);
    const [blue, green, red, created] = await thumbnails(page, rectId);
    // Newest first: the three fill changes, each with its own colour, then the rectangle as it was drawn.
    expect([red.fill, green.fill, blue.fill]).toEqual(colours);
    expect(colours).not.toContain(created.fill);
    expect(new Set([red.markup, green.markup, blue.markup, created.markup]).size).toBe(4);
    for (const t of [blue, green, red, created]) {
      expect(t.spreadId).toBe(spreadId);
      expect(t.width).toBeCloseTo(48, 0);
    }
    expect([blue, green, red, created].map((t) => t.current)).toEqual([true, false, false, false]);
    await shot(page, '/tmp/history-thumbnails.png');

    // After two undos the undone changes keep their own thumbnails and the first fill change is current.
    await page.keyboard.press('Escape');
    await page.getByTestId('undo').click();
    await page.getByTestId('undo').click();
    await expect.poll(async () => (await rect()).props.fill).toBe(colours[0]);
    await page.getByTestId('history-open').click();
    await expect
      .poll(async () => (await thumbnails(page, rectId)).filter((t) => t.fill !== null).length)
      .toBe(4);
    const undone = await thumbnails(page, rectId);
    expect(undone.map((t) => t.fill)).toEqual([colours[2], colours[1], colours[0], created.fill]);
    expect(undone.map((t) => t.current)).toEqual([false, false, true, false]);
    await shot(page, '/tmp/history-thumbnails-undone.png');
    await context.close();
  });
});
