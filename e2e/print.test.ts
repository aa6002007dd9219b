/**
 * Issue 7 in a real browser: the /render route refuses a foreign api_url, the admin jobs tab runs an export
 * (progress, download, delete), a failed creation is a browser alert, and a PNG export of a spread matches the
 * editor's print preview of that spread pixel for pixel (< 1 % of pixels differ).
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newPage, skipBrowserTests, startStack, type Stack } from './harness.ts';

let stack: Stack;
let browser: Browser;
let token: string;
let albumId: string;
let spreadIds: string[];
const TITLE = 'Print Test Wedding';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Spread ids in album order (sections, then spreads, by fractional index). */
function spreadsOf(doc: {
  rootId: string;
  nodes: Record<string, { id: string; type: string; parentId: string | null; index: string }>;
}): string[] {
  const children = (parentId: string) =>
    Object.values(doc.nodes)
      .filter((n) => n.parentId === parentId)
      .sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : a.id < b.id ? -1 : 1));
  return children(doc.rootId).flatMap((section) =>
    children(section.id)
      .filter((n) => n.type === 'Spread')
      .map((n) => n.id),
  );
}

async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  const consent = page.getByTestId('cookie-save');
  await consent.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (await consent.isVisible()) await consent.click();
  await page
    .getByLabel(/e-mail/i)
    .first()
    .fill(ADMIN.email);
  await page
    .getByLabel(/^password/i)
    .first()
    .fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/start$/);
}

async function waitForJob(id: string): Promise<{ state: string; file_url: string | null }> {
  for (let i = 0; i < 600; i++) {
    const { render_jobs } = await api<{
      render_jobs: Array<{ id: string; state: string; file_url: string | null }>;
    }>('GET', `/render_jobs?album_id=${albumId}`);
    const job = render_jobs.find((j) => j.id === id)!;
    if (job.state === 'finished' || job.state === 'error') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('export did not finish');
}

beforeAll(async () => {
  if (skipBrowserTests) return;
  stack = await startStack();
  browser = await launchBrowser();
  token = (
    await api<{ access_token: string }>('POST', '/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    })
  ).access_token;
  const album = await api<{ id: string; workspace: Parameters<typeof spreadsOf>[0] }>('POST', '/albums', {
    blueprint_id: 'wedding-classic',
    title: TITLE,
  });
  albumId = album.id;
  spreadIds = spreadsOf(album.workspace);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe.skipIf(skipBrowserTests)('printing in a browser', () => {
  it('refuses an api_url on another server and never sends the token there', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    const foreign: string[] = [];
    await context.route('http://evil.example/**', (route) => {
      foreign.push(route.request().url());
      return route.abort();
    });
    const query = new URLSearchParams({
      api_url: 'http://evil.example/api/v1',
      token: 'secret-render-token',
      mode: 'spread',
    });
    await page.goto(`/render/${albumId}?${query}`);
    await page.locator('[data-render-error="API_URL_REFUSED"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __renderError?: string }).__renderError)).toBe(
      'API_URL_REFUSED',
    );
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('renders page by page with a valid token and says when it is ready', async () => {
    const created = await api<{ meta: { token: string } }>('POST', '/exports/render_jobs', {
      render_job: { params: { album_id: albumId, mode: 'stickerpack' }, settings: { preset: 'custom' } },
    });
    const { context, page } = await newPage(browser, stack.baseUrl);
    const query = new URLSearchParams({
      token: created.meta.token,
      mode: 'album',
      includeBleed: '1',
      range: '1-4',
    });
    await page.goto(`/render/${albumId}?${query}`);
    await page.waitForFunction(
      () => (window as unknown as { __renderReady?: boolean }).__renderReady === true,
    );
    const sheets = await page
      .locator('[data-print-sheet]')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('data-side'), el.getAttribute('data-page-number')]),
      );
    expect(sheets).toEqual([
      ['left', '2'],
      ['right', '3'],
      ['left', '4'],
      ['right', '5'],
    ]);
    await page.screenshot({ path: '/tmp/shots-print/render-pages.png' });
    await context.close();
  });

  it('lets an admin export from the jobs tab, watch its progress, download and delete it', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1440, height: 1000 },
    });
    await loginAsAdmin(page);
    await page.goto(`/album/${albumId}/jobs`);
    await page.getByTestId('jobs-tab').waitFor();
    await page.getByTestId('job-preset').selectOption('stickerpack');
    await page.getByTestId('job-create').click();
    const job = page.getByTestId('render-job').first();
    await job.waitFor();
    await page.screenshot({ path: '/tmp/shots-print/jobs-tab-queued.png' });
    // The list polls every 5 s, so the finished state shows up without a reload.
    await expect
      .poll(() => job.getAttribute('data-state'), { timeout: 60_000, interval: 500 })
      .toBe('finished');
    await page.screenshot({ path: '/tmp/shots-print/jobs-tab-finished.png' });
    const download = page.waitForEvent('download');
    await job.getByTestId('render-job-download').click();
    const file = await (await download).path();
    const bytes = (await import('node:fs')).readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const before = await page.getByTestId('render-job').count();
    await job.getByTestId('render-job-delete').click();
    await expect.poll(() => page.getByTestId('render-job').count(), { timeout: 10_000 }).toBe(before - 1);
    await context.close();
  });

  it('reports a failed export creation in a browser alert', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await loginAsAdmin(page);
    await page.route('**/api/v1/exports/render_jobs', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'QUEUE_UNAVAILABLE', message: 'down' } }),
      }),
    );
    await page.goto(`/album/${albumId}/jobs`);
    await page.getByTestId('jobs-tab').waitFor({ timeout: 30_000 });
    // The alert is answered inside the listener: a click whose alert stays open waits for it forever.
    const alerts: { type: string; message: string }[] = [];
    page.on('dialog', (dialog) => {
      alerts.push({ type: dialog.type(), message: dialog.message() });
      void dialog.dismiss();
    });
    await page.getByTestId('job-create').click();
    await expect.poll(() => alerts.length, { timeout: 30_000 }).toBe(1);
    expect(alerts[0]!.type).toBe('alert');
    expect(alerts[0]!.message).toMatch(/could not be started/);
    await context.close();
  });

  it('exports a spread as PNG that matches the editor print preview of it (< 1 % of pixels differ)', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1600, height: 1100 },
    });
    await loginAsAdmin(page);
    await page.goto(`/album/${albumId}/onboarding`);
    await page.getByTestId('editor-canvas').waitFor();
    const box = page.getByTestId('page-box');
    await box.fill('2');
    await box.press('Enter');
    await page.getByTestId('zoom-menu').click();
    await page.getByTestId('zoom-fit-spread').click();
    await page.getByTestId('print-preview-toggle').click();
    await page.mouse.move(0, 0);
    // The floating tool menu, hints and scrollbars sit over the canvas; the comparison is about the spread.
    await page.addStyleTag({
      content:
        '[data-testid="tool-menu"], [data-testid="editor-hint"], [data-testid^="scrollbar-"] { visibility: hidden !important; }',
    });
    await page.waitForTimeout(1500);
    const fill = page.locator(`[data-spread-id="${spreadIds[1]}"] [data-spread-fill]`).first();
    const bleedBox = (await fill.boundingBox())!;
    const pxPerMm = bleedBox.width / 464;
    const trim = {
      x: bleedBox.x + 2 * pxPerMm,
      y: bleedBox.y + 2 * pxPerMm,
      width: 460 * pxPerMm,
      height: 297 * pxPerMm,
    };
    const preview = await page.screenshot({ clip: trim });
    await page.screenshot({ path: '/tmp/shots-print/editor-print-preview.png' });

    const created = await api<{ render_job: { id: string } }>('POST', '/exports/render_jobs', {
      render_job: {
        params: {
          album_id: albumId,
          mode: 'spread',
          format: 'png',
          dpi: Math.round(pxPerMm * 25.4),
          range: '2',
          includeBleed: false,
        },
        settings: { preset: 'custom' },
      },
    });
    const job = await waitForJob(created.render_job.id);
    expect(job.state).toBe('finished');
    const exported = Buffer.from(await (await fetch(new URL(job.file_url!, stack.baseUrl))).arrayBuffer());
    const width = Math.round(trim.width);
    const height = Math.round(trim.height);
    const raw = (input: Buffer) =>
      sharp(input).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const [a, b] = await Promise.all([raw(preview), raw(exported)]);
    await sharp(exported).toFile('/tmp/shots-print/export-spread.png');
    // A pixel differs when no pixel of the other image within 1 px matches it (within 40 per channel): sub-pixel
    // placement and resampling are forgiven, a missing or moved element is not.
    const close = (x: number, y: number, from: Buffer, to: Buffer) => {
      const i = (y * width + x) * 3;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = (ny * width + nx) * 3;
          if (
            Math.abs(from[i] - to[j]) <= 40 &&
            Math.abs(from[i + 1] - to[j + 1]) <= 40 &&
            Math.abs(from[i + 2] - to[j + 2]) <= 40
          )
            return true;
        }
      }
      return false;
    };
    let different = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) if (!close(x, y, a, b) || !close(x, y, b, a)) different++;
    }
    const share = different / (width * height);
    console.log(
      `print preview vs PNG export: ${(share * 100).toFixed(3)} % of ${width}x${height} pixels differ`,
    );
    expect(share).toBeLessThan(0.01);
    await context.close();
  });
});
