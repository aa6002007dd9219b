/**
 * An album image dropped on a sticker cell in a real browser (issue 22, SPEC §4 canvas drops "image needs
 * confirmation and becomes sticker model via patch"): a photo from the background tab's images, dragged onto an
 * empty sticker cell, highlights the cell (not the background slot under it), asks first, and becomes a new
 * sticker's photo in that cell; the image record becomes a sticker photo on the server. Cancelling changes nothing.
 * Screenshots go to CELL_DROP_SHOTS_DIR (default /tmp/cell-drop-shots).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page-side code reads the editor's debugging handle */
import { mkdirSync } from 'node:fs';
import { descendantsOf, nodeBoundsInSpread, type AlbumDocument } from '@stickerbook/model';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
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
  waitForEditorViewToSettle,
  type Stack,
} from './harness.ts';
import { weddingAlbum } from './orders-helpers.ts';

const SHOTS = process.env.CELL_DROP_SHOTS_DIR ?? '/tmp/cell-drop-shots';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

function editorState(page: Page): Promise<{ doc: AlbumDocument; spreadId: string }> {
  return page.evaluate(() => {
    const editor = (window as any).stickerbookEditor;
    return {
      doc: JSON.parse(JSON.stringify(editor.doc)),
      spreadId: editor.selectionController.currentSpreadId(),
    };
  });
}

/** Viewport coordinates of a point in a spread's own millimetres. */
function screenOf(page: Page, spreadId: string, point: { x: number; y: number }) {
  return page.evaluate(
    ({ spreadId, x, y }) => {
      const el = document.querySelector(`[data-editor-spread="${spreadId}"]`) as SVGGraphicsElement;
      const m = el.getScreenCTM()!;
      return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
    },
    { spreadId, ...point },
  );
}

/** A thumbnail's box once it holds still (a finished upload leaves the progress list, which moves it). */
async function steadyBox(locator: Locator) {
  let last = (await locator.boundingBox())!;
  await expect
    .poll(async () => {
      const now = (await locator.boundingBox())!;
      const still = now.x === last.x && now.y === last.y;
      last = now;
      return still;
    })
    .toBe(true);
  return last;
}

describe.skipIf(skipBrowserTests)('dropping an album image on a sticker cell', () => {
  it('asks, then makes the image a new sticker in the empty cell and a sticker photo on the server', async () => {
    const session = await signUpFresh(stack.baseUrl, 'cell-drop');
    const albumId = await weddingAlbum(stack.baseUrl, session.access_token, 'en', 'Cell drop');
    const { context, page } = await newPage(browser, stack.baseUrl);
    await signInWithSession(page, session);
    await page.goto(`/album/${albumId}/background`);
    await page.getByTestId('editor-canvas').waitFor();
    await page.waitForFunction(() => 'stickerbookEditor' in window);
    // Pages 4-5: the first content spread, with its sticker cells.
    await page.getByTestId('page-box').fill('4');
    await page.getByTestId('page-box').press('Enter');
    await page.getByTestId('page-box').blur();

    // A portrait uploaded in the background tab: an album image.
    const photo = await sharp({
      create: { width: 700, height: 980, channels: 3, background: { r: 200, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('album-images-panel')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'guest.jpg', mimeType: 'image/jpeg', buffer: photo });
    const thumb = page.getByTestId('album-image').first();
    await expect
      .poll(async () => (await thumb.getAttribute('data-image-id').catch(() => null)) ?? 'local-', {
        timeout: 60_000,
      })
      .not.toMatch(/^local-/);
    const imageId = (await thumb.getAttribute('data-image-id'))!;
    const image = () =>
      apiCall<{ model: string }>(stack.baseUrl, `/images/${imageId}`, { token: session.access_token });
    expect((await image()).model).toBe('image');

    await waitForEditorViewToSettle(page);
    const before = await editorState(page);
    const cell = descendantsOf(before.doc, before.spreadId).find(
      (node) => node.type === 'StickerCell' && !node.props.stickerId,
    );
    expect(cell, 'the content spread has an empty sticker cell').toBeDefined();
    const bounds = nodeBoundsInSpread(before.doc, cell!.id)!;
    const centre = { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
    const stickerCount = Object.keys(before.doc.stickers).length;

    const dragOntoCell = async () => {
      const from = await steadyBox(thumb);
      const to = await screenOf(page, before.spreadId, centre);
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x - 40, to.y - 40, { steps: 8 });
      await page.mouse.move(to.x, to.y, { steps: 4 });
      // The cell lights up: that is where the photo goes, not the background slot under it.
      const highlight = page.getByTestId('drop-target');
      await highlight.waitFor();
      expect(await highlight.getAttribute('data-element-id')).toBe(cell!.id);
      await page.screenshot({ path: `${SHOTS}/drag-over-cell.png` });
      await page.mouse.up();
      await expect.poll(() => highlight.count()).toBe(0);
    };

    // Cancelled: nothing changes, here or on the server.
    await dragOntoCell();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Make a new sticker in this cell with the dropped photo?').waitFor();
    await expectNoSeriousA11yViolations(page, 'confirm an album image as a sticker photo');
    await page.getByTestId('confirm-modal-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(Object.keys((await editorState(page)).doc.stickers)).toHaveLength(stickerCount);
    expect((await image()).model).toBe('image');

    // Confirmed: a new sticker with the photo fills the cell, and the image is a sticker photo now.
    await dragOntoCell();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect
      .poll(async () => {
        const { doc } = await editorState(page);
        const stickerId = doc.nodes[cell!.id]?.props.stickerId as string | undefined;
        return stickerId ? doc.stickers[stickerId]?.image : undefined;
      })
      .toBe(imageId);
    await expect
      .poll(() =>
        page
          .locator(`[data-testid="editor-world"] [data-node-id="${cell!.id}"] [data-sticker-cell]`)
          .getAttribute('data-sticker-cell'),
      )
      .toBe('filled');
    await expect.poll(async () => (await image()).model).toBe('sticker');
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('saved');
    const saved = await apiCall<{ workspace: AlbumDocument }>(stack.baseUrl, `/albums/${albumId}`, {
      token: session.access_token,
    });
    const savedSticker = saved.workspace.nodes[cell!.id]?.props.stickerId as string;
    expect(saved.workspace.stickers[savedSticker]?.image).toBe(imageId);
    await page.screenshot({ path: `${SHOTS}/cell-filled.png` });
    await context.close();
  }, 180_000);
});
