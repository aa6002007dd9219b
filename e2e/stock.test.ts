/**
 * Issue 5 stock photos in a real browser, against the real server without a Pexels key (the local library): an
 * admin fills the library through the API, then an album owner opens the background tab's stock sub-tab, which is
 * pre-filled with the environment's default query (sports: 'football'), searches with the 3-character minimum,
 * and clicks a result into the current spread, which the server then has in the album document with its pexelsId.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  type Stack,
  signInWithSession,
  logInApi,
  dismissCookieDialog,
} from './harness.ts';

let stack: Stack;
let browser: Browser;
const SHOTS = process.env.STOCK_SHOTS_DIR ?? '/tmp/shots-images';

beforeAll(async () => {
  // An empty library, so the admin's photos below are all the searches find.
  stack = await startStack({ SITE_ENVIRONMENT: 'sports', STOCK_LIBRARY_SEED: 'false' });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function api<T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A library photo as an admin adds one: declare, PUT the bytes, then POST /stock_photos with the blob. */
async function addLibraryPhoto(token: string, hue: number, fields: Record<string, unknown>) {
  const bytes = await sharp({
    create: { width: 900, height: 600, channels: 3, background: `hsl(${hue}, 60%, 45%)` },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="900" height="600"><circle cx="450" cy="300" r="195" fill="white" opacity="0.85"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const upload = await api<{ blob_id: string; upload_url: string; headers: Record<string, string> }>(
    '/direct_uploads',
    token,
    {
      method: 'POST',
      body: {
        filename: 'stock.jpg',
        byte_size: bytes.length,
        checksum: createHash('md5').update(bytes).digest('base64'),
        content_type: 'image/jpeg',
      },
    },
  );
  const put = await fetch(stack.baseUrl + upload.upload_url, {
    method: 'PUT',
    headers: upload.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  return api<{ id: number }>('/stock_photos', token, {
    method: 'POST',
    body: { blob_id: upload.blob_id, ...fields },
  });
}

describe.skipIf(skipBrowserTests)('stock photos in a browser', () => {
  it('pre-fills the default query, searches from 3 characters, credits photographers and places a photo on click', async () => {
    const admin = await api<{ access_token: string }>('/auth/login', '', { method: 'POST', body: ADMIN });
    const added: Array<{ id: number }> = [];
    for (const [i, hue] of [120, 200, 30].entries()) {
      added.push(
        await addLibraryPhoto(admin.access_token, hue, {
          photographer: `Pitch Photographer ${i + 1}`,
          photographer_url: 'https://example.com/pitch',
          title: `Match day ${i + 1}`,
          tags: ['football', 'stadium'],
        }),
      );
    }
    await addLibraryPhoto(admin.access_token, 320, {
      photographer: 'Cake Baker',
      tags: ['birthday', 'cake'],
    });

    const { context, page } = await newPage(browser, stack.baseUrl);
    await page.goto('/album/new');
    await dismissCookieDialog(page);
    await page.locator('[data-testid="blueprint-card"][data-category="sports"]').first().click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-title').fill('FC Stock');
    await page.getByTestId('wizard-release-date').fill('2027-06-12');
    await page.getByTestId('wizard-create').click();
    await page.waitForURL(/\/album\/[A-Za-z0-9_-]{16,}\/onboarding$/);
    const albumId = /\/album\/([^/]+)\//.exec(page.url())![1];

    await page.goto(`/album/${albumId}/background/stock`);
    const search = page.getByTestId('stock-search');
    await expect.poll(() => search.inputValue()).toBe('football');
    const results = page.getByTestId('stock-result');
    await expect.poll(() => results.count()).toBe(3);
    await expect
      .poll(() => page.getByTestId('stock-attribution').textContent())
      .toBe('Photos from our stock library');
    expect(await page.getByText('Photo by Pitch Photographer 1').count()).toBe(1);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/stock-football.png` });
    }

    await search.fill('ca');
    await expect
      .poll(() => page.getByTestId('stock-status').textContent())
      .toContain('at least 3 characters');
    expect(await results.count()).toBe(0);
    await search.fill('cake');
    await expect.poll(() => results.count(), { timeout: 5000 }).toBe(1);
    await search.fill('nothing like this');
    await expect.poll(() => page.getByTestId('stock-empty').isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-empty.png` });

    await search.fill('stadium');
    await expect.poll(() => results.count()).toBe(3);
    await page.locator(`[data-stock-id="${added[1].id}"]`).click();
    // The click is an edit like any other: synced to the server's album document.
    const placed = async () => {
      // The page's guest token lives in its memory only: read the album as an admin.
      const token = (await logInApi(stack.baseUrl, ADMIN)).access_token;
      const album = await api<{
        workspace: { nodes: Record<string, { type: string; props: Record<string, unknown> }> };
      }>(`/albums/${albumId}`, token!);
      return Object.values(album.workspace.nodes).filter((node) => node.props.pexelsId === added[1].id);
    };
    await expect.poll(async () => (await placed()).length, { timeout: 10_000 }).toBe(1);
    const [node] = await placed();
    expect(node.type).toBe('Image');
    expect(node.props).toMatchObject({ width: 180, height: 120 });

    // The library photo is 900 px wide and placed 180 mm wide: 127 dpi, so it gets the same low-resolution
    // badge and preflight entry as an upload would (SPEC §5).
    const badge = page.getByTestId('low-resolution-badge').first();
    await badge.waitFor({ timeout: 15_000 });
    expect(await badge.getAttribute('data-severity')).toBe('warning');
    await page.getByTestId('preflight-icon').hover();
    await expect
      .poll(() =>
        page
          .getByTestId('preflight-list')
          .locator('[data-code="IMAGE_LOW_RESOLUTION"]')
          .getByTestId('problem-group-title')
          .textContent(),
      )
      .toBe('Low resolution (127 dpi)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-placed.png` });
    await context.close();
  });
});

describe.skipIf(skipBrowserTests)('the stock library screen for admins', () => {
  it('lets an admin add photos with photographer and tags, find them, and remove one', async () => {
    const session = await logInApi(stack.baseUrl, ADMIN);
    const blueprints = await api<{ blueprints: Array<{ id: string }> }>('/blueprints', session.access_token);
    const album = await api<{ id: string }>('/albums', session.access_token, {
      method: 'POST',
      body: { blueprint_id: blueprints.blueprints[0].id },
    });
    const { context, page } = await newPage(browser, stack.baseUrl);
    await signInWithSession(page, session);
    await page.goto(`/album/${album.id}/background/stock`);
    await page.getByTestId('stock-library-add').click();

    const photos = await Promise.all(
      [20, 280].map((hue) =>
        sharp({ create: { width: 1600, height: 1000, channels: 3, background: `hsl(${hue}, 70%, 50%)` } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('stock-library-choose').click();
    await (
      await chooser
    ).setFiles([
      { name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: photos[0] },
      { name: 'lavender.jpg', mimeType: 'image/jpeg', buffer: photos[1] },
    ]);
    await expect.poll(() => page.getByTestId('stock-library-file').count()).toBe(2);
    // The photographer is required.
    await page.getByTestId('stock-library-upload').click();
    await page.getByText('Please enter the photographer.').waitFor();
    await page.getByTestId('stock-library-photographer').fill('Lina Lens');
    await page.getByTestId('stock-library-photographer-url').fill('https://example.com/lina');
    const tags = page.getByTestId('stock-library-tags');
    for (const tag of ['meadow', 'summer']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await page.getByTestId('stock-library-upload').click();
    await expect
      .poll(() => page.locator('[data-testid="stock-library-file"][data-state="finished"]').count(), {
        timeout: 60_000,
      })
      .toBe(2);
    await page.screenshot({ path: `${SHOTS}/stock-library-added.png` });
    await page.keyboard.press('Escape');

    const search = page.getByTestId('stock-search');
    await search.fill('meadow');
    const results = page.getByTestId('stock-result');
    await expect.poll(() => results.count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByText('Photo by Lina Lens').count()).toBe(2);

    await results.first().getByTestId('stock-library-delete').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect.poll(() => results.count(), { timeout: 10_000 }).toBe(1);
    await page.screenshot({ path: `${SHOTS}/stock-library-panel.png` });
    await context.close();
  });
});
