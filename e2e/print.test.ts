/**
 * Issue 7 in a real browser: the /render route refuses a foreign api_url, the admin jobs tab runs an export
 * (progress, download, delete), exports the spread the editor shows and locks the album (its owner then gets
 * preview mode), a failed creation is a browser alert, and a PNG export of a spread matches the editor's print
 * preview of that spread pixel for pixel (< 1 % of pixels differ).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  dismissCookieDialog,
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  type Stack,
  signInWithSession,
  logInApi,
  type SessionTokens,
} from './harness.ts';

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
  await dismissCookieDialog(page);
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

type Tokens = SessionTokens;

/** Opens the editor of an album signed in as a user who is not an admin (session put into local storage). */
async function openEditorAs(tokens: Tokens, id: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, stack.baseUrl, {
    viewport: { width: 1440, height: 1000 },
  });
  await signInWithSession(page, tokens);
  await page.goto(`/album/${id}/onboarding`);
  await page.getByTestId('editor-canvas').waitFor({ timeout: 60_000 });
  return { context, page };
}

/** Strings of a node's rich text (whatever its nesting), for finding a spread's text in a PDF. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
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
    await page.getByTestId('confirm-modal-confirm').click();
    await expect.poll(() => page.getByTestId('render-job').count(), { timeout: 10_000 }).toBe(before - 1);
    await context.close();
  });

  it('exports the spread the editor shows as one print PDF of that spread', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 1440, height: 1000 },
    });
    // Nothing here opens a dialog; should one appear, it is answered so no click waits on it.
    page.on('dialog', (dialog) => void dialog.dismiss());
    await loginAsAdmin(page);
    await page.goto(`/album/${albumId}/jobs`);
    await page.getByTestId('jobs-tab').waitFor({ timeout: 60_000 });
    await page.getByTestId('editor-canvas').waitFor();
    // The page box takes a page number: page 4 is the left page of the third spread.
    const box = page.getByTestId('page-box');
    await box.fill('4');
    await box.press('Enter');
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (
              window as unknown as {
                stickerbookEditor: { selectionController: { currentSpreadId(): string | undefined } };
              }
            ).stickerbookEditor.selectionController.currentSpreadId(),
          ),
        { timeout: 15_000 },
      )
      .toBe(spreadIds[2]);
    const before = new Set(
      (
        await api<{ render_jobs: Array<{ id: string }> }>('GET', `/render_jobs?album_id=${albumId}`)
      ).render_jobs.map((j) => j.id),
    );
    await page.getByTestId('job-current-spread').click();
    // The new job shows up in the list, and it is an export of exactly that spread.
    let jobId = '';
    await expect
      .poll(
        async () => {
          const { render_jobs } = await api<{ render_jobs: Array<{ id: string }> }>(
            'GET',
            `/render_jobs?album_id=${albumId}`,
          );
          jobId = render_jobs.find((j) => !before.has(j.id))?.id ?? '';
          return jobId;
        },
        { timeout: 30_000, interval: 300 },
      )
      .not.toBe('');
    await page.locator(`[data-testid="render-job"][data-job-id="${jobId}"]`).waitFor({ timeout: 30_000 });
    const { render_jobs } = await api<{
      render_jobs: Array<{ id: string; params: Record<string, unknown>; settings: Record<string, unknown> }>;
    }>('GET', `/render_jobs?album_id=${albumId}`);
    const created = render_jobs.find((j) => j.id === jobId)!;
    expect(created.settings.preset).toBe('current_spread');
    expect(created.params).toMatchObject({ mode: 'spread', range: '3', format: 'pdf', includeBleed: true });

    const job = await waitForJob(jobId);
    expect(job.state).toBe('finished');
    const bytes = Buffer.from(await (await fetch(new URL(job.file_url!, stack.baseUrl))).arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'print-e2e-'));
    writeFileSync(join(dir, 'spread.pdf'), bytes);
    const info = execFileSync('pdfinfo', ['-box', join(dir, 'spread.pdf')]).toString();
    expect(info).toMatch(/^Pages:\s+1$/m);
    const [x1, y1, x2, y2] = info
      .match(/TrimBox:\s+(.*)$/m)![1]
      .trim()
      .split(/\s+/)
      .map(Number);
    const mm = (pt: number) => Math.round((pt * 25.4) / 72);
    expect([mm(x2 - x1), mm(y2 - y1)]).toEqual([460, 297]);
    // The texts of the third spread are in it, texts found only on other spreads are not.
    const album = await api<{
      workspace: {
        nodes: Record<string, { type: string; parentId: string | null; props: { text?: unknown } }>;
      };
    }>('GET', `/albums/${albumId}`);
    const textsOn = (spreadId: string) =>
      Object.values(album.workspace.nodes)
        .filter((n) => n.type === 'Text' && n.parentId === spreadId)
        .flatMap((n) => textsOf(n.props.text))
        .map((t) => t.trim())
        .filter((t) => t.length >= 4 && !/[{}]/.test(t));
    const elsewhere = new Set(spreadIds.filter((_, i) => i !== 2).flatMap(textsOn));
    const own = textsOn(spreadIds[2]).filter((t) => !elsewhere.has(t));
    const otherOnly = [...elsewhere].filter((t) => !textsOn(spreadIds[2]).includes(t));
    const text = execFileSync('pdftotext', [join(dir, 'spread.pdf'), '-'])
      .toString()
      .replace(/\s+/g, ' ');
    const flat = (t: string) => t.replace(/\s+/g, ' ');
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((t) => text.toLowerCase().includes(flat(t).toLowerCase()))).toBe(true);
    expect(otherOnly.filter((t) => t.length >= 8 && text.includes(flat(t)))).toEqual([]);
    await page.screenshot({ path: '/tmp/shots-print/jobs-current-spread.png' });
    await context.close();
  });

  it('locks the album with the jobs tab switch: its owner gets preview mode until it is unlocked', async () => {
    const email = `print-owner-${Date.now()}@e2e.test`;
    const owner = await logInApi(stack.baseUrl, { email, password: 'correct horse battery' }, '/auth/signup');
    const ownAlbum = await fetch(`${stack.baseUrl}/api/v1/albums`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.access_token}` },
      body: JSON.stringify({ blueprint_id: 'wedding-classic', title: 'Owner album' }),
    }).then((r) => r.json() as Promise<{ id: string; locked?: boolean }>);
    expect(ownAlbum.locked ?? false).toBe(false);

    const admin = await newPage(browser, stack.baseUrl, { viewport: { width: 1440, height: 1000 } });
    admin.page.on('dialog', (dialog) => void dialog.dismiss());
    await loginAsAdmin(admin.page);
    await admin.page.goto(`/album/${ownAlbum.id}/jobs`);
    await admin.page.getByTestId('jobs-tab').waitFor({ timeout: 60_000 });
    const lockSwitch = admin.page.getByTestId('album-lock-switch');
    expect(await lockSwitch.isChecked()).toBe(false);
    await lockSwitch.click({ force: true });
    const lockedOnServer = async () =>
      (await api<{ locked: boolean }>('GET', `/albums/${ownAlbum.id}`)).locked;
    await expect.poll(lockedOnServer, { timeout: 30_000, interval: 300 }).toBe(true);
    await expect.poll(() => lockSwitch.isChecked(), { timeout: 10_000 }).toBe(true);
    // The admin still edits a locked album: no notice, tools there.
    expect(await admin.page.getByTestId('locked-notice').count()).toBe(0);
    await admin.page.screenshot({ path: '/tmp/shots-print/jobs-lock-on.png' });

    const ownerView = await openEditorAs(owner, ownAlbum.id);
    await ownerView.page.getByTestId('locked-notice').waitFor({ timeout: 30_000 });
    expect(await ownerView.page.getByTestId('tool-menu').count()).toBe(0);
    await ownerView.page.screenshot({ path: '/tmp/shots-print/owner-preview-mode.png' });
    // The owner's edits change nothing while it is locked.
    const docOf = () =>
      ownerView.page.evaluate(() =>
        JSON.stringify((window as unknown as { stickerbookEditor: { doc: unknown } }).stickerbookEditor.doc),
      );
    const before = await docOf();
    await ownerView.page.keyboard.press('Control+a');
    await ownerView.page.keyboard.press('Delete');
    expect(await docOf()).toBe(before);

    await lockSwitch.click({ force: true });
    await expect.poll(lockedOnServer, { timeout: 30_000, interval: 300 }).toBe(false);
    await ownerView.page.reload();
    await ownerView.page.getByTestId('editor-canvas').waitFor({ timeout: 60_000 });
    await ownerView.page.getByTestId('tool-menu').waitFor({ timeout: 30_000 });
    expect(await ownerView.page.getByTestId('locked-notice').count()).toBe(0);
    await ownerView.context.close();
    await admin.context.close();
  });

  it('reports a failed export creation in a browser alert', async () => {
    // The refused creation is the point of the test.
    const { context, page } = await newPage(browser, stack.baseUrl, { allowErrors: [/status of 503/] });
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
