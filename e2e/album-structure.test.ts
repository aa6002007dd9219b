/**
 * Issue 4 in a real browser: sections, the spread creation modal, the sticker form, dragging stickers onto
 * cells with live numbering, spread reordering, deleting a sticker, and a colour preset restyling the album.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  type Stack,
  dismissCookieDialog,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A guest album from the sports template, open in the editor. */
async function createSportsAlbum(page: Page): Promise<void> {
  await page.goto('/album/new');
  await dismissCookieDialog(page);
  await page.locator('[data-testid="blueprint-card"][data-category="sports"]').first().click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-title').fill('FC Structure');
  await page.getByTestId('wizard-release-date').fill('2027-06-12');
  await page.getByTestId('wizard-create').click();
  await page.waitForURL(/\/album\/[A-Za-z0-9_-]{16,}\/onboarding$/);
}

/** The spread drawn nearest the middle of the canvas (the one the camera was fitted to). */
async function spreadInView(page: Page): Promise<string> {
  const canvas = (await page.getByTestId('editor-canvas').boundingBox())!;
  const middle = canvas.y + canvas.height / 2;
  const spreads = page.locator('[data-testid="editor-world"] g[data-spread-id]');
  let best = '';
  let bestDistance = Infinity;
  for (const spread of await spreads.all()) {
    const box = await spread.boundingBox();
    if (!box) continue;
    const distance = Math.abs(box.y + box.height / 2 - middle);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = (await spread.getAttribute('data-spread-id'))!;
    }
  }
  return best;
}

/** The spread's sticker cells in reading order (left page first, then top to bottom, left to right). */
async function cellsOf(page: Page, spreadId: string): Promise<Array<{ id: string; cell: Locator }>> {
  const spread = page.locator(`[data-testid="editor-world"] g[data-spread-id="${spreadId}"]`);
  const spreadBox = (await spread.boundingBox())!;
  const cells = [];
  for (const cell of await spread.locator('[data-node-type="StickerCell"]').all()) {
    const box = (await cell.boundingBox())!;
    const side = box.x + box.width / 2 < spreadBox.x + spreadBox.width / 2 ? 0 : 1;
    cells.push({
      id: (await cell.getAttribute('data-node-id'))!,
      cell,
      side,
      y: Math.round(box.y),
      x: box.x,
    });
  }
  cells.sort((a, b) => a.side - b.side || a.y - b.y || a.x - b.x);
  return cells.map(({ id, cell }) => ({ id, cell }));
}

const cellById = (page: Page, id: string) =>
  page.locator(`[data-testid="editor-world"] [data-node-id="${id}"]`);

/** Switches tabs inside the app (a reload would drop edits the sync has not sent yet). */
async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`editor-tab-${tab}`).click();
  await page.getByTestId(`${tab}-panel`).waitFor();
}

interface DroppedFile {
  name: string;
  mimeType: string;
  base64: string;
}

/** A photo to drop: a 600 x 400 PNG with a coloured gradient. */
async function photoFile(name: string): Promise<DroppedFile> {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((x / width) * 255);
      pixels[offset + 1] = 120;
      pixels[offset + 2] = Math.round((y / height) * 255);
    }
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', base64: png.toString('base64') };
}

/** Drops files on an element the way a file manager does: dragenter, dragover and drop with a DataTransfer. */
async function dropFiles(target: Locator, files: DroppedFile[]): Promise<void> {
  await target.evaluate((element, dropped) => {
    const transfer = new DataTransfer();
    for (const file of dropped) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  }, files);
}

async function createSpreadWithLayout(
  page: Page,
  options: { background?: DroppedFile } = {},
): Promise<string> {
  await openTab(page, 'layouts');
  await page.getByTestId('open-spread-creation').click();
  await expect.poll(() => page.getByTestId('creation-next').isDisabled()).toBe(true);
  await page.getByTestId('creation-layout').first().click();
  await page.getByTestId('creation-next').click();
  if (options.background) {
    await dropFiles(page.getByTestId('creation-backgrounds'), [options.background]);
    await page.getByTestId('creation-backgrounds').getByAltText(options.background.name).waitFor();
  }
  await page.getByTestId('creation-create').click();
  await page.getByTestId('spread-creation').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  return spreadInView(page);
}

async function createSticker(page: Page, name: string, options: { double?: boolean } = {}) {
  await openTab(page, 'stickers');
  await page
    .locator('[data-testid="sticker-section"][data-section-name="Fans"] [data-testid="new-sticker"]')
    .click();
  await page.getByTestId('sticker-form-name').fill(name);
  if (options.double) await page.getByTestId('sticker-form-double').click({ force: true });
  await page.getByTestId('sticker-form-save').click();
  await page.getByTestId('sticker-form').waitFor({ state: 'detached' });
}

async function dragStickerOnto(page: Page, name: string, target: Locator): Promise<void> {
  await page
    .locator(`[data-testid="sticker-tile"][data-sticker-name="${name}"]`)
    .dragTo(target, { force: true });
}

const badge = (page: Page, name: string) =>
  page.locator(`[data-testid="sticker-tile"][data-sticker-name="${name}"] [data-testid="sticker-number"]`);

describe.skipIf(skipBrowserTests)('building the album in a browser', () => {
  it('creates a section, spreads from layouts and stickers, numbers them live, reorders, deletes and restyles', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await createSportsAlbum(page);

    // A section: empty names are refused with the rule's message, a real one appears before the closing pages.
    await openTab(page, 'stickers');
    await page.getByTestId('new-section-submit').click();
    await page.getByText('Please enter a name for the section.').waitFor();
    await page.getByTestId('new-section-name').fill('Fans');
    await page.getByTestId('new-section-submit').click();
    await page.locator('[data-testid="sticker-section"][data-section-name="Fans"]').waitFor();

    // The spread creation modal refuses a file that is not an image, then creates the spread from a layout.
    await openTab(page, 'layouts');
    await page.getByTestId('open-spread-creation').click();
    await page.getByTestId('creation-layout').first().click();
    await page.getByTestId('creation-next').click();
    await page.getByTestId('creation-stickers-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect.poll(() => page.getByTestId('creation-alert').textContent()).toContain('notes.txt');
    await page.keyboard.press('Escape');
    await page.getByTestId('spread-creation').waitFor({ state: 'detached' });
    const first = await createSpreadWithLayout(page, { background: await photoFile('stadium.png') });
    const firstCells = await cellsOf(page, first);
    expect(firstCells.length).toBeGreaterThan(3);

    // The dropped background fills the layout's background slot: the spread's bottom layer shows the photo.
    const firstSpread = page.locator(`[data-testid="editor-world"] g[data-spread-id="${first}"]`);
    const background = firstSpread.locator('[data-node-type="Image"]').first();
    await expect.poll(() => background.locator('image').count(), { timeout: 30_000 }).toBe(1);
    expect(await background.locator('[data-placeholder="image"]').count()).toBe(0);
    const backgroundBox = (await background.boundingBox())!;
    const spreadBox = (await firstSpread.locator('[data-spread-fill]').first().boundingBox())!;
    expect(backgroundBox.width).toBeGreaterThan(spreadBox.width * 0.95);

    // Three stickers with the form; a single sticker without a name is an error.
    await openTab(page, 'stickers');
    // On a busy machine the section's new-sticker button was once not there within a click's 15 s (a full run; the
    // file passes alone in a minute), so it is awaited for longer first.
    const newFanSticker = page.locator(
      '[data-testid="sticker-section"][data-section-name="Fans"] [data-testid="new-sticker"]',
    );
    await newFanSticker.waitFor({ timeout: 45_000 });
    await newFanSticker.click();
    await page.getByTestId('sticker-form-save').click();
    await page.getByText('Name is required').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sticker-form').waitFor({ state: 'detached' });
    await createSticker(page, 'Anna');
    await createSticker(page, 'Team', { double: true });
    await createSticker(page, 'Ben');

    // Drag Anna and the team photo onto the first spread's first cells: numbers 1 and 2-3.
    await page.waitForTimeout(300);
    // Anna's number is awaited before the next drag: placing her moves her tile to the placed group, so the tiles
    // below move up. On a busy machine that re-render once came between the drag's aim and its press, and the
    // drag picked up Ben, who had moved into the team's place (a full run; a person aims at what is on screen).
    await dragStickerOnto(page, 'Anna', cellById(page, firstCells[0].id));
    await expect.poll(() => badge(page, 'Anna').textContent()).toBe('1');
    await dragStickerOnto(page, 'Team', cellById(page, firstCells[1].id));
    await expect.poll(() => badge(page, 'Team').textContent()).toBe('2-3');
    await expect.poll(() => cellById(page, firstCells[0].id).textContent()).toContain('1');
    await expect.poll(() => cellById(page, firstCells[1].id).textContent()).toContain('2');

    // Anna's own layout from the sticker form: her cell switches from the album's frame (the sports template's
    // tilted ribbon, 612) to the same theme's 'full' variant (613).
    const annaFrame = () =>
      cellById(page, firstCells[0].id).locator('[data-sticker-cell="filled"]').getAttribute('data-template');
    await expect.poll(annaFrame).toBe('612');
    await page.locator('[data-testid="sticker-tile"][data-sticker-name="Anna"] button').first().click();
    await page.getByTestId('sticker-form-layout').click();
    await page.getByRole('option', { name: 'Name and position' }).click();
    await page.getByTestId('sticker-form-save').click();
    await page.getByTestId('sticker-form').waitFor({ state: 'detached' });
    await expect.poll(annaFrame).toBe('613');

    // A second spread after it; Ben goes there and gets 4.
    const second = await createSpreadWithLayout(page);
    expect(second).not.toBe(first);
    const secondCells = await cellsOf(page, second);
    await openTab(page, 'stickers');
    await dragStickerOnto(page, 'Ben', cellById(page, secondCells[0].id));
    await expect.poll(() => badge(page, 'Ben').textContent()).toBe('4');
    await expect.poll(() => cellById(page, secondCells[0].id).textContent()).toContain('4');

    // Moving the second spread up renumbers: Ben 1, Anna 2, the team 3-4.
    const moveUp = page.locator(
      `[data-testid="spread-actions"][data-spread-id="${second}"] [data-testid="spread-action-moveUp"]`,
    );
    await expect.poll(() => moveUp.isEnabled()).toBe(true);
    const moveDown = page.locator(
      `[data-testid="spread-actions"][data-spread-id="${second}"] [data-testid="spread-action-moveDown"]`,
    );
    expect(await moveDown.getAttribute('data-blocker')).toBe('SPREAD_IS_LAST');
    await moveUp.click();
    await expect.poll(() => badge(page, 'Ben').textContent()).toBe('1');
    await expect.poll(() => badge(page, 'Anna').textContent()).toBe('2');
    await expect.poll(() => badge(page, 'Team').textContent()).toBe('3-4');
    await expect.poll(() => cellById(page, secondCells[0].id).textContent()).toContain('1');

    // Deleting Ben empties his cell and the others move up.
    await page.locator('[data-testid="sticker-tile"][data-sticker-name="Ben"] button').first().click();
    await page.getByTestId('sticker-form-delete').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect
      .poll(() => page.locator('[data-testid="sticker-tile"][data-sticker-name="Ben"]').count())
      .toBe(0);
    await expect
      .poll(() =>
        cellById(page, secondCells[0].id).locator('[data-sticker-cell]').getAttribute('data-sticker-cell'),
      )
      .toBe('empty');
    await expect.poll(() => badge(page, 'Anna').textContent()).toBe('1');

    // A colour preset restyles the whole album at once: the spreads' palette fills change.
    const fills = () =>
      page
        .locator('[data-testid="editor-world"] [data-spread-fill]')
        .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('fill')));
    const before = await fills();
    await openTab(page, 'styles');
    await page.locator('[data-testid="color-preset"][data-preset-id="night"]').click();
    await expect.poll(async () => (await fills()).join()).not.toBe(before.join());
    await expect
      .poll(() =>
        page.locator('[data-testid="color-preset"][data-preset-id="night"]').getAttribute('aria-pressed'),
      )
      .toBe('true');
    await context.close();
  });
});

describe.skipIf(skipBrowserTests)('building the album on a phone', () => {
  it('edits stickers in an inline form and creates a spread in a full-screen modal', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await createSportsAlbum(page);
    const mobileAlert = page.getByTestId('mobile-alert');
    await mobileAlert.waitFor({ timeout: 15_000 });
    await mobileAlert.locator('button').last().click();

    // A tab bar along the bottom edge instead of the desktop rail; the open onboarding tab is marked in it.
    const tabBar = page.getByTestId('editor-tab-bar');
    await tabBar.waitFor();
    expect(await page.getByTestId('editor-tabs').count(), 'no desktop rail on a phone').toBe(0);
    const bar = (await tabBar.boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThanOrEqual(844 - 1);
    expect(bar.width).toBeGreaterThanOrEqual(389);
    const onboardingTab = page.getByTestId('editor-tab-onboarding');
    expect(await onboardingTab.getAttribute('aria-current')).toBe('page');
    expect(await tabBar.getByTestId('editor-tab-stickers').innerText()).toBe('Stickers');
    await page.getByTestId('onboarding-panel').waitFor();
    await page.screenshot({ path: '/tmp/shots-mobile-tabs/onboarding.png' }).catch(() => undefined);

    // Tapping the open tab closes its panel: /album/{id} shows the canvas alone, nothing marked in the bar.
    await onboardingTab.click();
    await page.waitForURL(/\/album\/[A-Za-z0-9_-]{16,}$/);
    await page.getByTestId('mobile-tab-sheet').waitFor({ state: 'detached' });
    expect(await page.getByTestId('editor-canvas').isVisible()).toBe(true);
    expect(await tabBar.locator('[aria-current="page"]').count()).toBe(0);
    const canvasBox = (await page.getByTestId('editor-canvas').boundingBox())!;
    expect(canvasBox.y + canvasBox.height, 'the canvas ends above the tab bar').toBeLessThanOrEqual(
      bar.y + 1,
    );
    await page.screenshot({ path: '/tmp/shots-mobile-tabs/canvas-alone.png' }).catch(() => undefined);

    // The stickers tab opens as a sheet over the canvas; a new section and a sticker through the inline form.
    await openTab(page, 'stickers');
    expect(page.url()).toMatch(/\/stickers$/);
    expect(await page.getByTestId('editor-tab-stickers').getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: '/tmp/shots-mobile-tabs/stickers-sheet.png' }).catch(() => undefined);
    await expect.poll(() => page.getByTestId('mobile-tab-sheet').isVisible()).toBe(true);
    await page.getByTestId('new-section-name').fill('Fans');
    await page.getByTestId('new-section-submit').click();
    await page
      .locator('[data-testid="sticker-section"][data-section-name="Fans"] [data-testid="new-sticker"]')
      .click();
    await page.getByTestId('sticker-form-inline').waitFor();
    expect(await page.getByTestId('sticker-form').count(), 'no popup on a phone').toBe(0);
    const sheet = (await page.getByTestId('mobile-tab-sheet').boundingBox())!;
    const form = (await page.getByTestId('sticker-form-inline').boundingBox())!;
    expect(form.y).toBeGreaterThanOrEqual(sheet.y);
    expect(form.x + form.width).toBeLessThanOrEqual(390 + 1);
    // The inline form is a named region of the page (a labelled plain box would break ARIA's rules).
    await expectNoSeriousA11yViolations(page, 'inline sticker form (phone)');
    await page.getByTestId('sticker-form-name').fill('Mia');
    await page.getByTestId('sticker-form-save').click();
    await page.getByTestId('sticker-form-inline').waitFor({ state: 'detached' });
    await page.locator('[data-testid="sticker-tile"][data-sticker-name="Mia"]').waitFor();

    // The spread creation modal fills the screen; choosing a layout and creating adds a spread.
    // Counted in the album's document: the canvas draws only the spreads in view, which depends on the camera.
    const spreads = () =>
      page.evaluate(
        () =>
          Object.values(
            (window as unknown as { stickerbookEditor: { doc: { nodes: Record<string, { type: string }> } } })
              .stickerbookEditor.doc.nodes,
          ).filter((node) => node.type === 'Spread').length,
      );
    const before = await spreads();
    await openTab(page, 'layouts');
    await page.getByTestId('open-spread-creation').click();
    const modal = page.locator('[data-testid="spread-creation"] .mantine-Modal-content');
    await modal.waitFor();
    const modalBox = (await modal.boundingBox())!;
    expect(modalBox.width).toBeGreaterThanOrEqual(389);
    expect(modalBox.height).toBeGreaterThanOrEqual(843);
    await page.getByTestId('creation-layout').first().click();
    await page.getByTestId('creation-next').click();
    await page.getByTestId('creation-create').click();
    await page.getByTestId('spread-creation').waitFor({ state: 'detached' });
    await expect.poll(spreads).toBe(before + 1);
    await context.close();
  });
});
