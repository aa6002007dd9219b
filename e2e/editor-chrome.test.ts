/**
 * Small SPEC gaps around the editor and the public form, in a real browser: the top bar's privacy and contact
 * links (§2), minimizing the desktop sidebar (§4 "sidebar not minimized" by default), a GIF through the spread
 * creation modal (§5), and the public sticker form holding Back on its result screen (§2).
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
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

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const apiSession = () => signUpFresh(stack.baseUrl, 'chrome');

const apiCreateAlbum = (token: string) => createAlbumFromBlueprint(stack.baseUrl, token);

async function openEditor(viewport?: {
  width: number;
  height: number;
}): Promise<{ page: Page; albumId: string; token: string; close: () => Promise<void> }> {
  const session = await apiSession();
  const albumId = await apiCreateAlbum(session.access_token);
  const { context, page } = await newPage(browser, stack.baseUrl, { viewport });
  await signInWithSession(page, session);
  await page.goto(`/album/${albumId}/onboarding`);
  await page.getByTestId('editor-canvas').waitFor();
  return { page, albumId, token: session.access_token, close: () => context.close() };
}

interface ImageRecord {
  id: string;
  blueprint_image: boolean;
  blob: { filename: string };
  meta: { content_type: string };
  details: { width: number; height: number };
}

const width = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!.width;

describe.skipIf(skipBrowserTests)('the editor chrome', () => {
  it('shows privacy and contact in the desktop top bar, and leaves them out on a phone', async () => {
    const desktop = await openEditor();
    const privacy = desktop.page.getByTestId('top-bar-privacy');
    const contact = desktop.page.getByTestId('top-bar-contact');
    expect(await privacy.isVisible()).toBe(true);
    expect(await contact.isVisible()).toBe(true);
    expect(await privacy.innerText()).toBe('Privacy');
    expect(await contact.innerText()).toBe('Contact');
    expect(await privacy.getAttribute('href')).toBe('/privacy');
    expect(await privacy.getAttribute('target')).toBe('_blank');
    // Both it and the help menu's contact item open the contact form (SPEC §7 help widget).
    await contact.click();
    await desktop.page.getByTestId('support-message').waitFor();
    await desktop.page.keyboard.press('Escape');
    await desktop.page.getByTestId('support-message').waitFor({ state: 'hidden' });
    await desktop.page.getByTestId('help-menu').click();
    await desktop.page.getByRole('menuitem', { name: 'Contact' }).click();
    await desktop.page.getByTestId('support-message').waitFor();
    await desktop.page.keyboard.press('Escape');
    await desktop.page.getByTestId('support-message').waitFor({ state: 'hidden' });
    await desktop.page.screenshot({ path: '/tmp/shots-editor-chrome/top-bar.png' });
    // The privacy page opens in a new tab, the editor stays.
    const [legal] = await Promise.all([desktop.page.context().waitForEvent('page'), privacy.click()]);
    await legal.waitForURL(/\/privacy$/);
    await legal.close();
    await desktop.close();

    const phone = await openEditor({ width: 390, height: 844 });
    expect(await phone.page.getByTestId('top-bar-privacy').isVisible()).toBe(false);
    expect(await phone.page.getByTestId('top-bar-contact').isVisible()).toBe(false);
    await phone.close();
  });

  it('minimizes the sidebar so the canvas takes its width, keeps that on reload, and expands it again', async () => {
    const { page, close } = await openEditor();
    await page.getByTestId('editor-tab-panel').waitFor();
    const canvasBefore = await width(page, 'editor-canvas');
    const railBefore = await width(page, 'editor-tabs');
    const toggle = page.getByTestId('sidebar-minimize');
    expect(await toggle.getAttribute('aria-label')).toBe('Minimize sidebar');

    await toggle.click();
    await page.getByTestId('editor-tab-panel').waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-label')).toBe('Expand sidebar');
    await expect.poll(() => width(page, 'editor-canvas')).toBeGreaterThan(canvasBefore + 300);
    expect(await width(page, 'editor-tabs')).toBeLessThan(railBefore);
    await page.screenshot({ path: '/tmp/shots-editor-chrome/sidebar-minimized.png' });

    await page.reload();
    await page.getByTestId('editor-canvas').waitFor();
    expect(await page.getByTestId('sidebar-minimize').getAttribute('aria-label')).toBe('Expand sidebar');
    expect(await page.getByTestId('editor-tab-panel').count()).toBe(0);

    // Choosing a tab shows its panel again.
    await page.getByTestId('editor-tab-layouts').click();
    await page.getByTestId('layouts-panel').waitFor();
    expect(await page.getByTestId('sidebar-minimize').getAttribute('aria-label')).toBe('Minimize sidebar');
    await page.getByTestId('sidebar-minimize').click();
    await page.getByTestId('editor-tab-panel').waitFor({ state: 'detached' });
    await page.getByTestId('sidebar-minimize').click();
    await page.getByTestId('layouts-panel').waitFor();
    await expect.poll(() => width(page, 'editor-canvas')).toBeCloseTo(canvasBefore, -1);
    await close();
  });

  it('takes a GIF in the spread creation modal and uploads its first frame as a PNG sticker photo', async () => {
    const { page, albumId, token, close } = await openEditor();
    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2f7d4f' } })
      .gif()
      .toBuffer();
    await page.getByTestId('editor-tab-layouts').click();
    await page.getByTestId('layouts-panel').waitFor();
    await page.getByTestId('open-spread-creation').click();
    await page.getByTestId('creation-layout').first().click();
    await page.getByTestId('creation-next').click();
    await page
      .getByTestId('creation-stickers-input')
      .setInputFiles({ name: 'goalkeeper.gif', mimeType: 'image/gif', buffer: gif });
    await page.getByTestId('creation-stickers').getByAltText('goalkeeper.gif').waitFor();
    expect(await page.getByTestId('creation-alert').count()).toBe(0);
    await page.getByTestId('creation-create').click();
    await page.getByTestId('spread-creation').waitFor({ state: 'detached', timeout: 90_000 });

    const records = (await (
      await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}/images`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { images: ImageRecord[] } | ImageRecord[];
    const images = Array.isArray(records) ? records : records.images;
    const uploaded = images.filter((image) => !image.blueprint_image);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0].blob.filename).toBe('goalkeeper.png');
    expect(uploaded[0].meta.content_type).toBe('image/png');
    expect(uploaded[0].details).toMatchObject({ width: 300, height: 200 });
    const stickerImage = await page.evaluate(() => {
      const editor = (window as unknown as { stickerbookEditor: { doc: { stickers: object } } })
        .stickerbookEditor;
      const stickers = Object.values(editor.doc.stickers) as Array<{ name: string; image?: string }>;
      return stickers.find((s) => s.name === 'goalkeeper')?.image;
    });
    expect(stickerImage).toBe(uploaded[0].id);
    await close();
  }, 180_000);
});

describe.skipIf(skipBrowserTests)('the public sticker form', () => {
  it('keeps a contributor who opened the link in a new tab on the result screen when they press Back', async () => {
    const session = await apiSession();
    const albumId = await apiCreateAlbum(session.access_token);
    const enabled = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ stickerUploadEnabled: true }),
    });
    const { stickerUploadsPath } = (await enabled.json()) as { stickerUploadsPath: string };
    expect(stickerUploadsPath).toMatch(/^\/s\//);

    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await page.addInitScript(() =>
      localStorage.setItem(
        'stickerbook.cookieConsent',
        JSON.stringify({ revision: 1, necessary: true, analytics: false, decidedAt: '2026-01-01T00:00:00Z' }),
      ),
    );
    // A link opened from a chat: this tab has no history before the form.
    await page.goto(stickerUploadsPath);
    const next = page.getByTestId('sticker-next');
    await next.waitFor();
    await page.getByLabel(/first name/i).fill('Anna');
    await next.click();
    const sections = page.getByRole('radio');
    if ((await sections.count()) > 0) {
      await sections.first().check();
      await next.click();
    }
    const photo = await sharp({ create: { width: 500, height: 700, channels: 3, background: '#c9a27f' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('sticker-photo-input')
      .setInputFiles({ name: 'anna.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => next.isDisabled(), { timeout: 30_000 }).toBe(false);
    await next.click();
    await page.getByTestId('sticker-upload-success').waitFor({ timeout: 30_000 });

    await page.goBack().catch(() => undefined);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(stickerUploadsPath);
    expect(await page.getByTestId('sticker-upload-success').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/shots-editor-chrome/sticker-result-after-back.png' });

    // The restart button still starts a new submission.
    await page.getByRole('button', { name: 'Send another photo' }).click();
    await page.getByLabel(/first name/i).waitFor();
    expect(await page.getByLabel(/first name/i).inputValue()).toBe('');
    await context.close();
  }, 120_000);
});
