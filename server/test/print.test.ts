/**
 * Issue 7 end to end on the server: export jobs run by a pg-boss worker that opens the real /render route in
 * Debian's Chromium, and the print files are checked with pdf-lib and poppler (pdfinfo, pdffonts, pdftotext,
 * pdfimages) as a print shop's preflight would.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserPool } from '../src/print/chromium.ts';
import { PT_PER_MM } from '../src/print/pdf-boxes.ts';
import { RenderTokens } from '../src/print/render-tokens.ts';
import { createAlbum, bearer, signUp } from './helpers/test-app.ts';
import {
  adminToken,
  createJob,
  download,
  editDocument,
  printTestsCanRun,
  run,
  startPrintStack,
  testPhoto,
  uploadImage,
  waitForJob,
  withFullBleedPhoto,
  withStickers,
  type PrintStack,
} from './helpers/print.ts';

const PHOTO = { width: 2764, height: 3555 }; // 234 x 301 mm at 300 dpi: a full-bleed page photo

describe.skipIf(!printTestsCanRun)('print exports through the render route', () => {
  let stack: PrintStack;
  let token: string;
  let albumId: string;
  let title: string;

  beforeAll(async () => {
    stack = await startPrintStack();
    token = await adminToken(stack);
    title = 'Anna & Ben Forever';
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic', title })).id;
    const photoId = await uploadImage(stack, token, albumId, await testPhoto(PHOTO.width, PHOTO.height));
    const portraitId = await uploadImage(stack, token, albumId, await testPhoto(1800, 2400));
    await editDocument(stack, albumId, (doc) =>
      withStickers(withFullBleedPhoto(withFullBleedPhoto(doc, photoId, 2, 'left'), portraitId, 3, 'right'), [
        'Ada',
        'Bob',
        'Cyd',
      ]),
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function exportFile(params: Record<string, unknown>, preset = 'custom') {
    const created = await createJob(stack, token, albumId, params, preset);
    expect(created.state).toBe('queued');
    const { job, seen } = await waitForJob(stack, token, albumId, created.id);
    expect(job.state, job.error ?? '').toBe('finished');
    const file = join(stack.dataDir, `${job.id}.out`);
    writeFileSync(file, await download(stack, job.file_url!));
    if (process.env.PRINT_TEST_KEEP)
      writeFileSync(
        join(process.env.PRINT_TEST_KEEP, `${String(params.mode ?? preset)}.out`),
        await download(stack, job.file_url!),
      );
    return { job, seen, file };
  }

  it('exports the album inside as a print PDF: pages in order, exact boxes, embedded fonts, real text, photos at full resolution', async () => {
    const { job, seen, file } = await exportFile({}, 'album_softcover_inside');
    // Wedding blueprint: 8 spreads, the cover printed separately, so 7 inner spreads = 14 pages.
    expect(job.pages_total).toBe(14);
    expect(seen.some((s) => s.state === 'working')).toBe(true);

    const pdf = await PDFDocument.load(await import('node:fs').then((fs) => fs.readFileSync(file)));
    expect(pdf.getPageCount()).toBe(14);
    const mm = (pt: number) => Math.round((pt / PT_PER_MM) * 1000) / 1000;
    for (const page of pdf.getPages()) {
      const media = page.getMediaBox();
      const bleed = page.getBleedBox();
      const trim = page.getTrimBox();
      expect([mm(bleed.width), mm(bleed.height)]).toEqual([234, 301]);
      expect([mm(trim.width), mm(trim.height)]).toEqual([230, 297]);
      // 8 mm slug with crop marks around the bleed
      expect([mm(media.width), mm(media.height)]).toEqual([250, 317]);
      expect(mm(trim.x - media.x)).toBe(10);
      expect(mm(media.y + media.height - (trim.y + trim.height))).toBe(10);
    }

    const boxes = (await run('pdfinfo', ['-box', '-f', '1', '-l', '14', file])).stdout;
    const sizeOf = (box: string) =>
      [...boxes.matchAll(new RegExp(`${box}:\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)`, 'g'))].map(
        (m) => [
          Math.round(((Number(m[3]) - Number(m[1])) / PT_PER_MM) * 10) / 10,
          Math.round(((Number(m[4]) - Number(m[2])) / PT_PER_MM) * 10) / 10,
        ],
      );
    expect(sizeOf('BleedBox')).toEqual(Array(14).fill([234, 301]));
    expect(sizeOf('TrimBox')).toEqual(Array(14).fill([230, 297]));

    const fonts = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).not.toMatch(/Type 3/);
      // columns: name type encoding emb sub uni
      expect(line).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+$/);
    }

    const text = (await run('pdftotext', [file, '-'])).stdout;
    expect(text).toContain(title);
    // Placed stickers print through the frame template (which upper-cases the name).
    for (const name of ['ADA', 'BOB', 'CYD']) expect(text).toContain(name);

    const images = (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2).filter(Boolean);
    const listed = images
      .map((line) => line.trim().split(/\s+/))
      .map((cols) => ({
        page: Number(cols[0]),
        width: Number(cols[3]),
        height: Number(cols[4]),
        enc: cols[8],
        object: cols[10],
      }));
    // Every placed photo is embedded once, with its original pixel size and still as JPEG (never re-encoded); it
    // is drawn on its page and, where it touches the fold, in the neighbouring page's gutter bleed.
    expect(listed.every((img) => img.enc === 'jpeg')).toBe(true);
    expect(new Set(listed.map((img) => `${img.width}x${img.height}`))).toEqual(
      new Set([`${PHOTO.width}x${PHOTO.height}`, '1800x2400']),
    );
    const pagesOf = (w: number) => listed.filter((img) => img.width === w).map((img) => img.page);
    expect(pagesOf(PHOTO.width)).toContain(3); // spread 2, left page
    expect(pagesOf(1800)).toContain(6); // spread 3, right page
    expect(new Set(listed.map((img) => img.object)).size).toBe(2);
  });

  it('exports the softcover cover as one flat sheet: back, spine from the formula, front', async () => {
    const { job, file } = await exportFile({}, 'album_softcover');
    expect(job.pages_total).toBe(1);
    const pdf = await PDFDocument.load((await import('node:fs')).readFileSync(file));
    const trim = pdf.getPage(0).getTrimBox();
    // 8 spreads: 7 inlay spreads, spine = ceil(0.14 x 5 x 10) / 10 = 0.7 mm
    expect(Math.round((trim.width / PT_PER_MM) * 100) / 100).toBe(460.7);
  });

  it('makes a 240 x 75 mm stickerpack sheet with the text stickerpack', async () => {
    const { file } = await exportFile({}, 'stickerpack');
    const pdf = await PDFDocument.load((await import('node:fs')).readFileSync(file));
    const trim = pdf.getPage(0).getTrimBox();
    expect([Math.round(trim.width / PT_PER_MM), Math.round(trim.height / PT_PER_MM)]).toEqual([240, 75]);
    expect((await run('pdftotext', [file, '-'])).stdout).toContain('stickerpack');
  });

  it('prints every sticker once on sticker sheets, in number order', async () => {
    const { job, file } = await exportFile({}, 'stickers');
    expect(job.pages_total).toBe(1);
    const lines = (await run('pdftotext', ['-raw', file, '-'])).stdout.split('\n').map((l) => l.trim());
    // One frame per sticker, each with its number from the album's numbering, on the sheet in that order.
    expect(lines.filter((l) => /^\d+$/.test(l))).toEqual(['1', '2', '3']);
    for (const name of ['ADA', 'BOB', 'CYD']) expect(lines.filter((l) => l === name)).toHaveLength(1);
  });

  it('exports PNG pages at the dpi, zipped when there are several', async () => {
    const { job, file } = await exportFile({
      mode: 'spread',
      format: 'png',
      dpi: '1 00',
      range: '3',
      includeBleed: false,
    });
    expect(job.pages_total).toBe(1);
    const { default: sharp } = await import('sharp');
    const meta = await sharp(file).metadata();
    // 460 x 297 mm at 100 dpi
    // 460 x 297 mm at 100 dpi, give or take the rounding of the viewport to whole CSS pixels
    expect(meta.format).toBe('png');
    expect(Math.abs(meta.width! - (460 / 25.4) * 100)).toBeLessThan(1.5);
    expect(Math.abs(meta.height! - (297 / 25.4) * 100)).toBeLessThan(1.5);
  });
});

describe.skipIf(!printTestsCanRun)('render tokens and access to exports', () => {
  let stack: PrintStack;
  let token: string;
  let albumId: string;
  let otherAlbumId: string;
  const renderTokens = () => new RenderTokens(stack.config.jwtSecret!);

  beforeAll(async () => {
    stack = await startPrintStack({ workers: 0 });
    token = await adminToken(stack);
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic' })).id;
    otherAlbumId = (await createAlbum(stack.app, token, { blueprint_id: 'sports-club' })).id;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const renderData = (id: string, headers: Record<string, string> = {}) =>
    stack.app.inject({ method: 'GET', url: `/api/v1/albums/${id}/render_data`, headers });

  it('answers render_data for a valid render token of that album', async () => {
    const response = await renderData(albumId, {
      'x-render-token': await renderTokens().signRender(albumId),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      album: { id: albumId },
      statistics: { spreadsCount: 8, spine: 0.7 },
    });
    expect(Object.keys(response.json().templates).length).toBeGreaterThan(10);
  });

  it('refuses a missing, expired, other album or access token with 401', async () => {
    const expired = await renderTokens().signRender(albumId, 60, Math.floor(Date.now() / 1000) - 3600);
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-render-token': expired },
      { 'x-render-token': await renderTokens().signRender(otherAlbumId) },
      { 'x-render-token': token },
      { authorization: `Bearer ${token}` },
      { 'x-render-token': 'not-a-token' },
    ];
    for (const headers of attempts) {
      const response = await renderData(albumId, headers);
      expect(response.statusCode, JSON.stringify(headers).slice(0, 40)).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('hands out a render token for the album with a new job, which is not an access token', async () => {
    const response = await stack.app.inject({
      method: 'POST',
      url: '/api/v1/exports/render_jobs',
      headers: bearer(token),
      payload: {
        render_job: {
          params: { album_id: albumId, range: ' 1 - 2 ', dpi: ' 150' },
          settings: { preset: 'album_check', label: 'Check' },
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.render_job).toMatchObject({
      state: 'queued',
      progress: 0,
      file_url: null,
      params: { mode: 'album_check', format: 'jpg', dpi: 150, range: '1-2' },
      settings: { preset: 'album_check', label: 'Check' },
    });
    expect((await renderData(albumId, { 'x-render-token': body.meta.token })).statusCode).toBe(200);
    const asAccess = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${albumId}`,
      headers: bearer(body.meta.token),
    });
    expect(asAccess.statusCode).toBe(401);
  });

  it('refuses bad params with a validation error and creates nothing', async () => {
    for (const params of [{ range: '1-' }, { dpi: 'abc' }, { format: 'gif' }, { mode: '../x' }]) {
      const response = await stack.app.inject({
        method: 'POST',
        url: '/api/v1/exports/render_jobs',
        headers: bearer(token),
        payload: { render_job: { params: { album_id: albumId, ...params } } },
      });
      expect(response.statusCode).toBe(400);
    }
    const list = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${otherAlbumId}`,
      headers: bearer(token),
    });
    expect(list.json().render_jobs).toEqual([]);
  });

  it('keeps export jobs from non-admins: 403 for the album owner, 404 for strangers', async () => {
    const owner = await signUp(stack.app);
    const ownAlbum = await createAlbum(stack.app, owner.access_token, { blueprint_id: 'wedding-classic' });
    const asOwner = await stack.app.inject({
      method: 'POST',
      url: '/api/v1/exports/render_jobs',
      headers: bearer(owner.access_token),
      payload: { render_job: { params: { album_id: ownAlbum.id } } },
    });
    expect([asOwner.statusCode, asOwner.json().error.code]).toEqual([403, 'ADMIN_ONLY']);
    const stranger = await signUp(stack.app);
    const list = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(stranger.access_token),
    });
    expect(list.statusCode).toBe(404);
  });

  it('deletes a job, and a download link works only for its own job', async () => {
    const created = await createJob(stack, token, albumId);
    const fileToken = await renderTokens().signFile(created.id);
    const other = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs/00000000-0000-4000-8000-000000000000/file?token=${fileToken}`,
    });
    expect(other.statusCode).toBe(401);
    const notYet = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs/${created.id}/file?token=${fileToken}`,
    });
    expect(notYet.statusCode).toBe(404);
    const removed = await stack.app.inject({
      method: 'DELETE',
      url: `/api/v1/render_jobs/${created.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    const list = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(token),
    });
    expect(list.json().render_jobs.map((j: { id: string }) => j.id)).not.toContain(created.id);
  });
});

describe.skipIf(!printTestsCanRun)('a crashed export', () => {
  let stack: PrintStack;
  let attempts = 0;

  beforeAll(async () => {
    stack = await startPrintStack({
      deps: (deps) => ({
        ...deps,
        browsers: {
          // The first attempt dies as if Chromium had crashed; pg-boss retries the job.
          browser: async () => {
            attempts += 1;
            if (attempts === 1) throw new Error('Chromium crashed');
            return deps.browsers.browser();
          },
          close: () => deps.browsers.close(),
        } as unknown as BrowserPool,
      }),
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('is retried and finishes instead of being lost', async () => {
    const token = await adminToken(stack);
    const albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic' })).id;
    const created = await createJob(stack, token, albumId, {}, 'stickerpack');
    const { job, seen } = await waitForJob(stack, token, albumId, created.id);
    expect(job.state).toBe('finished');
    expect(job.attempts).toBe(2);
    expect(seen.some((s) => s.state === 'queued' && s.attempts === 1)).toBe(true);
  });
});
