/**
 * Background slots in a real browser: an album image dragged from the background tab onto an empty background
 * slot of a content spread fills that slot (highlighted while the drag is over it) instead of adding an element,
 * as one undo step, and the filled slot survives a reload. The album comes from a blueprint as an owner gets
 * it, so its content spreads have the layout's empty background slots (server/seeds/build/layouts.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page-side code reads the editor's debugging handle */
import { mkdirSync } from 'node:fs';
import {
  descendantsOf,
  emptyImageSlotAt,
  isEmptyImageSlot,
  nodeBoundsInSpread,
  type AlbumDocument,
} from '@stickerbook/model';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  logInApi,
  type Stack,
  signInWithSession,
  apiCall,
  waitForEditorViewToSettle,
} from './harness.ts';

const SHOTS = process.env.IMAGE_SLOTS_SHOTS_DIR ?? '/tmp/shots-image-slots';

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

const api = <T>(path: string, init?: Parameters<typeof apiCall>[2]) => apiCall<T>(stack.baseUrl, path, init);

/** The editor's document and the spread in view. */
function editorState(page: Page): Promise<{ doc: AlbumDocument; spreadId: string; historyLength: number }> {
  return page.evaluate(() => {
    const editor = (window as any).stickerbookEditor;
    return {
      doc: JSON.parse(JSON.stringify(editor.doc)),
      spreadId: editor.selectionController.currentSpreadId(),
      historyLength: editor.history.get().past.length,
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

/** Pages 4-5: the first content spread, which opens its section (one background slot across both pages). */
async function showContentSpread(page: Page): Promise<void> {
  await page.getByTestId('editor-canvas').waitFor();
  await page.getByTestId('page-box').fill('4');
  await page.getByTestId('page-box').press('Enter');
  await page.getByTestId('page-box').blur();
}

describe.skipIf(skipBrowserTests)('dropping an album image on an empty background slot', () => {
  it('fills the slot under the pointer, highlighted during the drag, as one undo step that survives a reload', async () => {
    const email = `slots-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
    const session = await logInApi(
      stack.baseUrl,
      { email, password: 'correct horse battery' },
      '/auth/signup',
    );
    const { blueprints } = await api<{ blueprints: Array<{ id: string }> }>('/blueprints');
    const { id: albumId } = await api<{ id: string }>('/albums', {
      method: 'POST',
      token: session.access_token,
      body: { blueprint_id: blueprints[0].id, title: 'Slots' },
    });
    const { context, page } = await newPage(browser, stack.baseUrl);
    await signInWithSession(page, session);
    await page.goto(`/album/${albumId}/background`);
    await showContentSpread(page);

    // The layout's empty background slot under the left page (page tints, texts and cells lie above it).
    const before = await editorState(page);
    // A point of the slot no sticker cell covers: an album image over a cell goes to the cell.
    const point = freeSlotPoint(before.doc, before.spreadId)!;
    expect(point, 'the content spread has a point clear of sticker cells').toBeDefined();
    const slot = emptyImageSlotAt(before.doc, before.spreadId, point);
    expect(slot, 'the content spread has an empty background slot').toBeDefined();
    const slotBounds = nodeBoundsInSpread(before.doc, slot!.id);
    expect(slotBounds).toMatchObject({ x: 0, y: 0, width: 460, height: 297 });
    const elementCount = descendantsOf(before.doc, before.spreadId).length;

    // An album image, uploaded in the background tab.
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 120, b: 60 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 90, b: 200 } },
          })
            .jpeg()
            .toBuffer(),
          top: 300,
          left: 500,
        },
      ])
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('album-images-panel')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: photo });
    const thumb = page.getByTestId('album-image').first();
    await expect
      .poll(async () => (await thumb.getAttribute('data-image-id').catch(() => null)) ?? 'local-', {
        timeout: 60_000,
      })
      .not.toMatch(/^local-/);
    const imageId = (await thumb.getAttribute('data-image-id'))!;

    // A real drag: the slot lights up under the pointer, then takes the photo. Both ends are read once they hold
    // still (the finished upload leaves the panel, which moves the thumbnail; the view may still be moving).
    await waitForEditorViewToSettle(page);
    let from = (await thumb.boundingBox())!;
    await expect
      .poll(async () => {
        const [was, now] = [from, (await thumb.boundingBox())!];
        from = now;
        return now.x === was.x && now.y === was.y;
      })
      .toBe(true);
    const to = await screenOf(page, before.spreadId, point);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x - 40, to.y - 40, { steps: 8 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    const highlight = page.getByTestId('drop-target');
    await highlight.waitFor();
    expect(await highlight.getAttribute('data-element-id')).toBe(slot!.id);
    await page.screenshot({ path: `${SHOTS}/drag-over-slot.png` });
    await page.mouse.up();
    await expect.poll(() => highlight.count()).toBe(0);

    const after = await editorState(page);
    expect(after.doc.nodes[slot!.id].props.image).toBe(imageId);
    expect(isEmptyImageSlot(after.doc.nodes[slot!.id])).toBe(false);
    expect(descendantsOf(after.doc, after.spreadId)).toHaveLength(elementCount);
    expect(after.historyLength).toBe(before.historyLength + 1);
    // The slot keeps its place, size and look; the photo covers it (default crop).
    expect(nodeBoundsInSpread(after.doc, slot!.id)).toEqual(slotBounds);
    expect(after.doc.nodes[slot!.id].props.opacity).toBe(before.doc.nodes[slot!.id].props.opacity);
    await page.mouse.click(5, 300);
    await page.screenshot({ path: `${SHOTS}/slot-filled.png` });

    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    await page.reload();
    await showContentSpread(page);
    await expect
      .poll(async () => (await editorState(page)).doc.nodes[slot!.id]?.props.image, { timeout: 20_000 })
      .toBe(imageId);
    const reloaded = await editorState(page);
    expect(descendantsOf(reloaded.doc, reloaded.spreadId)).toHaveLength(elementCount);
    // The canvas draws the photo in the slot from the record's variant URL.
    await expect
      .poll(() =>
        page.evaluate((id) => document.querySelector(`[data-node-id="${id}"] image`) !== null, slot!.id),
      )
      .toBe(true);
    await context.close();
  }, 180_000);

  it('fills the slot with a photo dropped from the desktop, which keeps the slot when the upload finishes', async () => {
    const email = `slots-file-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
    const session = await logInApi(
      stack.baseUrl,
      { email, password: 'correct horse battery' },
      '/auth/signup',
    );
    const { blueprints } = await api<{ blueprints: Array<{ id: string }> }>('/blueprints');
    const { id: albumId } = await api<{ id: string }>('/albums', {
      method: 'POST',
      token: session.access_token,
      body: { blueprint_id: blueprints[0].id, title: 'Slots from the desktop' },
    });
    const { context, page } = await newPage(browser, stack.baseUrl);
    await signInWithSession(page, session);
    await page.goto(`/album/${albumId}/background`);
    await showContentSpread(page);
    const before = await editorState(page);
    // A point on the empty slot that no sticker cell covers: a file dropped on a sticker cell asks to become that
    // sticker's photo instead (SPEC §4), which is another test's subject.
    const point = freeSlotPoint(before.doc, before.spreadId);
    const slot = point && emptyImageSlotAt(before.doc, before.spreadId, point);
    expect(slot, 'the content spread has an empty background slot').toBeTruthy();
    const elementCount = descendantsOf(before.doc, before.spreadId).length;

    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 60, g: 160, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const at = await screenOf(page, before.spreadId, point!);
    const dataTransfer = await page.evaluateHandle((b64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'meadow.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, photo.toString('base64'));
    const event = { dataTransfer, clientX: at.x, clientY: at.y };
    await page.dispatchEvent('[data-testid="editor-canvas"]', 'dragover', event);
    await page.dispatchEvent('[data-testid="editor-canvas"]', 'drop', event);

    // The upload's record replaces the local stand-in in the same slot; no element is added.
    await expect
      .poll(async () => (await editorState(page)).doc.nodes[slot!.id]?.props.image ?? '', { timeout: 60_000 })
      .toMatch(/^(?!local-).+/);
    const after = await editorState(page);
    expect(descendantsOf(after.doc, after.spreadId)).toHaveLength(elementCount);
    const images = await api<{ images: Array<{ id: string }> }>(`/albums/${albumId}/images`, {
      token: session.access_token,
    });
    expect(images.images.map((image) => image.id)).toContain(after.doc.nodes[slot!.id].props.image);
    await context.close();
  }, 180_000);
});

/** The first point on a 5 mm grid over the spread that is on an empty image slot and under no sticker cell. */
function freeSlotPoint(doc: AlbumDocument, spreadId: string): { x: number; y: number } | undefined {
  const cells = descendantsOf(doc, spreadId)
    .filter((node) => node.type === 'StickerCell')
    .map((cell) => nodeBoundsInSpread(doc, cell.id));
  for (let y = 10; y < 290; y += 5) {
    for (let x = 10; x < 450; x += 5) {
      const covered = cells.some((b) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height);
      if (!covered && emptyImageSlotAt(doc, spreadId, { x, y })) return { x, y };
    }
  }
  return undefined;
}
