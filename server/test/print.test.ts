/**
 * Issue 7 end to end on the server: export jobs run by a pg-boss worker that opens the real /render route in
 * Debian's Chromium, and the print files are checked with pdf-lib and poppler (pdfinfo, pdffonts, pdftotext,
 * pdfimages) as a print shop's preflight would.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stickerSheets, type AlbumDocument } from '@stickerbook/model';
import S3rver from 's3rver';
import sharp from 'sharp';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/index.ts';
import type { BrowserPool } from '../src/print/chromium.ts';
import { ExportFiles } from '../src/print/export-files.ts';
import { createStorage } from '../src/storage/index.ts';
import { findCmykProfile } from '../src/config/output-profile.ts';
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
  let albumDoc: AlbumDocument;

  beforeAll(async () => {
    stack = await startPrintStack();
    token = await adminToken(stack);
    title = 'Anna & Ben Forever';
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic', title })).id;
    const photoId = await uploadImage(stack, token, albumId, await testPhoto(PHOTO.width, PHOTO.height));
    const portraitId = await uploadImage(stack, token, albumId, await testPhoto(1800, 2400));
    albumDoc = await editDocument(stack, albumId, (doc) =>
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
    const { job, seen } = await waitForJob(stack, token, albumId, created.id, 220_000);
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

  /** 16 album pages, each 250 x 317 mm: 2 mm bleed and an 8 mm slug with crop marks around the 230 x 297 mm trim. */
  async function expectAlbumPageBoxes(file: string) {
    const pdf = await PDFDocument.load(readFileSync(file));
    expect(pdf.getPageCount()).toBe(16);
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
      expect(mm(bleed.x - media.x)).toBe(8);
    }
    const boxes = (await run('pdfinfo', ['-box', '-f', '1', '-l', '16', file])).stdout;
    const sizeOf = (box: string) =>
      [
        ...boxes.matchAll(new RegExp(`${box}:\\s+([\\d.-]+)\\s+([\\d.-]+)\\s+([\\d.]+)\\s+([\\d.]+)`, 'g')),
      ].map((m) => [
        Math.round(((Number(m[3]) - Number(m[1])) / PT_PER_MM) * 10) / 10,
        Math.round(((Number(m[4]) - Number(m[2])) / PT_PER_MM) * 10) / 10,
      ]);
    expect(sizeOf('BleedBox')).toEqual(Array(16).fill([234, 301]));
    expect(sizeOf('TrimBox')).toEqual(Array(16).fill([230, 297]));
    return pdf;
  }

  /** Every font embedded (subset), none Type 3. */
  async function expectEmbeddedFonts(file: string) {
    const fonts = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).not.toMatch(/Type 3/);
      // columns: name type encoding emb sub uni
      expect(line).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+$/);
    }
  }

  /**
   * What a print shop's preflight asks of a PDF/X-4 file: the version in pdfinfo, Info and XMP, one GTS_PDFX output
   * intent with the CMYK profile it was made with (Ghostscript's by default, SWOP's registered condition), a trailer
   * /ID, Trim and Bleed boxes on every page and no ArtBox, every colour CMYK (or gray: black text in K only).
   */
  async function expectPdfx(file: string) {
    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(/PDF subtype:\s+PDF\/X-4/);
    expect(info).toMatch(/PDF version:\s+1\.6/);
    const bytes = readFileSync(file);
    const pdf = await PDFDocument.load(bytes);
    const infoDict = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
    expect(infoDict.lookup(PDFName.of('GTS_PDFXVersion'), PDFString).decodeText()).toBe('PDF/X-4');
    expect(String(infoDict.get(PDFName.of('Trapped')))).toBe('/False');
    const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(String(intent.get(PDFName.of('S')))).toBe('/GTS_PDFX');
    expect(intent.lookup(PDFName.of('OutputConditionIdentifier'), PDFString).decodeText()).toBe(
      'CGATS TR 001',
    );
    const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
    expect(String(profile.dict.get(PDFName.of('N')))).toBe('4');
    const icc = Buffer.from(decodePDFRawStream(profile).decode());
    expect(createHash('sha256').update(icc).digest('hex')).toBe(findCmykProfile()!.hash);
    const xmp = (await run('pdfinfo', ['-meta', file])).stdout;
    expect(xmp).toContain('<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>');
    // The file identifier: two 16-byte strings in the trailer.
    const trailer = bytes.subarray(bytes.lastIndexOf('trailer')).toString('latin1');
    expect(trailer).toMatch(/\/ID\s*\[\s*<[0-9A-Fa-f]{32}>\s*<[0-9A-Fa-f]{32}>\s*\]/);
    for (const page of pdf.getPages()) {
      expect(page.node.get(PDFName.of('ArtBox'))).toBeUndefined();
      expect(page.node.get(PDFName.of('TrimBox'))).toBeDefined();
      expect(page.node.get(PDFName.of('BleedBox'))).toBeDefined();
    }
    // No RGB left: every image is CMYK or gray, and Ghostscript's output has no RGB colour space.
    for (const image of await listImages(file)) expect(['cmyk', 'gray']).toContain(image.color);
    expect(bytes.includes('/DeviceRGB')).toBe(false);
    return pdf;
  }

  async function listImages(file: string) {
    const images = (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2).filter(Boolean);
    return images
      .map((line) => line.trim().split(/\s+/))
      .map((cols) => ({
        page: Number(cols[0]),
        width: Number(cols[3]),
        height: Number(cols[4]),
        color: cols[5],
        enc: cols[8],
        object: cols[10],
      }));
  }

  it('exports the album inside as a plain print PDF: pages in order, exact boxes, embedded fonts, real text, photos untouched', async () => {
    const { job, seen, file } = await exportFile({ pdfx: false }, 'album_softcover_inside');
    // Wedding blueprint: 9 spreads, the cover printed separately, so 8 inner spreads = 16 pages.
    expect(job.pages_total).toBe(16);
    expect(seen.some((s) => s.state === 'working')).toBe(true);
    await expectAlbumPageBoxes(file);
    await expectEmbeddedFonts(file);

    const text = (await run('pdftotext', [file, '-'])).stdout;
    expect(text).toContain(title);
    // Placed stickers print through the frame template (which upper-cases the name).
    for (const name of ['ADA', 'BOB', 'CYD']) expect(text).toContain(name);

    const listed = await listImages(file);
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

  it('makes the print shop file PDF/X-4 with a CMYK output intent, keeping boxes, fonts, text and photo resolution', async () => {
    // The preset is PDF/X; designs with opacity keep live transparency (PDF/X-4), nothing is flattened.
    const { job, file } = await exportFile({}, 'album_softcover_inside');
    expect(job.pages_total).toBe(16);
    await expectPdfx(file);
    const pdf = await expectAlbumPageBoxes(file);
    expect(pdf.getTitle()).toBe(title);

    await expectEmbeddedFonts(file);
    const text = (await run('pdftotext', [file, '-'])).stdout;
    expect(text).toContain(title);
    for (const name of ['ADA', 'BOB', 'CYD']) expect(text).toContain(name);

    // The photos are CMYK now, re-encoded as JPEG at their full pixel size, each still embedded once; no page was
    // flattened into a page-sized bitmap.
    const listed = await listImages(file);
    const photos = listed.filter((img) => img.width === PHOTO.width || img.width === 1800);
    expect(new Set(photos.map((img) => `${img.width}x${img.height} ${img.color} ${img.enc}`))).toEqual(
      new Set([`${PHOTO.width}x${PHOTO.height} cmyk jpeg`, '1800x2400 cmyk jpeg']),
    );
    expect(photos.map((img) => img.page)).toEqual(expect.arrayContaining([3, 6]));
    expect(new Set(photos.map((img) => img.object)).size).toBe(2);
    expect(listed.every((img) => img.width <= PHOTO.width && img.height <= PHOTO.height)).toBe(true);
  }, 240_000);

  it('exports the softcover cover as one flat sheet: back, spine from the formula, front', async () => {
    const { job, file } = await exportFile({}, 'album_softcover');
    expect(job.pages_total).toBe(1);
    await expectPdfx(file);
    const pdf = await PDFDocument.load(readFileSync(file));
    const trim = pdf.getPage(0).getTrimBox();
    // 9 spreads: 8 inlay spreads, spine = ceil(0.14 x 6 x 10) / 10 = 0.9 mm
    expect(Math.round((trim.width / PT_PER_MM) * 100) / 100).toBe(460.9);
  }, 120_000);

  it('makes a 240 x 75 mm stickerpack sheet with the text stickerpack, as PDF/X-4', async () => {
    const { file } = await exportFile({}, 'stickerpack');
    await expectPdfx(file);
    const pdf = await PDFDocument.load((await import('node:fs')).readFileSync(file));
    const trim = pdf.getPage(0).getTrimBox();
    expect([Math.round(trim.width / PT_PER_MM), Math.round(trim.height / PT_PER_MM)]).toEqual([240, 75]);
    expect((await run('pdftotext', [file, '-'])).stdout).toContain('stickerpack');
  }, 120_000);

  it('prints every sticker once on sticker sheets, in number order, each with its own bleed and cut marks, as PDF/X-4', async () => {
    const { job, file } = await exportFile({}, 'stickers');
    expect(job.pages_total).toBe(1);
    await expectPdfx(file);
    const lines = (await run('pdftotext', ['-raw', file, '-'])).stdout.split('\n').map((l) => l.trim());
    // One frame per sticker, each with its number from the album's numbering, on the sheet in that order.
    expect(lines.filter((l) => /^\d+$/.test(l))).toEqual(['1', '2', '3']);
    for (const name of ['ADA', 'BOB', 'CYD']) expect(lines.filter((l) => l === name)).toHaveLength(1);

    // The sheet as a print shop's RIP sees it, at 300 dpi: A4 trim with the sheet's own 2 mm bleed and 8 mm slug.
    const pdf = await PDFDocument.load(readFileSync(file));
    const trim = pdf.getPage(0).getTrimBox();
    expect([Math.round(trim.width / PT_PER_MM), Math.round(trim.height / PT_PER_MM)]).toEqual([210, 297]);
    const prefix = join(stack.dataDir, 'sheet');
    await run('pdftoppm', ['-r', '300', '-gray', '-f', '1', '-l', '1', '-png', file, prefix]);
    const { data, info } = await sharp(`${prefix}-1.png`).raw().toBuffer({ resolveWithObject: true });
    const px = (mm: number) => Math.round((mm * 300) / 25.4);
    // darkest pixel in a 5 x 5 px window around a point given in mm on the sheet's trim (trim starts at 10 mm)
    const darkest = (xMm: number, yMm: number) => {
      let min = 255;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          min = Math.min(min, data[((px(yMm + 10) + dy) * info.width + px(xMm + 10) + dx) * info.channels]);
      return min;
    };
    // The sheet's own crop marks continue its trim edges exactly where the TrimBox says (in the slug).
    expect(darkest(0, -6)).toBeLessThan(140);
    expect(darkest(-6, 297)).toBeLessThan(140);
    expect(darkest(1, -6)).toBe(255);
    const [first, second] = stickerSheets(albumDoc)[0].stickers;
    const { x, y, width, height } = first.box;
    // The artwork goes on 2 mm past the cut line on every side ...
    for (const [bx, by] of [
      [x - 1, y + height / 2],
      [x + width + 1, y + height / 2],
      [x + width / 2, y - 1],
      [x + width / 2, y + height + 1],
    ])
      expect(darkest(bx, by), `bleed at ${bx},${by}`).toBeLessThan(250);
    // ... and stops there: white between the bleed and the marks, and in the middle of the gap off the cut lines.
    expect(darkest(x - 2.6, y + height / 2)).toBe(255);
    expect(darkest((x + width + second.box.x) / 2, y + height / 2)).toBe(255);
    // Cut marks continue each cut line in the gap: 1 mm past the bleed, 3 mm long, at all four corners.
    for (const [mx, my] of [
      [x - 4.5, y],
      [x + width + 4.5, y + height],
      [x, y - 4.5],
      [x + width, y + height + 4.5],
    ])
      expect(darkest(mx, my), `mark at ${mx},${my}`).toBeLessThan(140);
  }, 240_000);

  it('exports PNG pages at the dpi, zipped when there are several', async () => {
    const { job, file } = await exportFile({
      mode: 'spread',
      format: 'png',
      dpi: '1 00',
      range: '3',
      includeBleed: false,
    });
    expect(job.pages_total).toBe(1);
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
      statistics: { spreadsCount: 9, spine: 0.9 },
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

  it('deletes a queued job before it runs', async () => {
    const created = await createJob(stack, token, albumId);
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

/**
 * Finished exports live in the same file storage as the images: DATA_DIR/blobs locally, the S3 bucket when S3 is
 * configured (here s3rver, the S3-compatible server the image tests use). The download link is a signed read URL
 * like an image's; deleting the job deletes the file.
 */
describe.skipIf(!printTestsCanRun).each(['local', 's3'] as const)('export files in %s storage', (kind) => {
  let stack: PrintStack;
  let token: string;
  let albumId: string;
  let s3: S3rver | undefined;
  let s3Dir: string | undefined;
  let endpoint = '';
  const bucket = 'stickerbook-exports';

  beforeAll(async () => {
    let s3Config: Partial<Config> = {};
    if (kind === 's3') {
      s3Dir = mkdtempSync(join(tmpdir(), 'sb-print-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: bucket }],
      });
      endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
      s3Config = {
        s3: {
          bucket,
          endpoint,
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        },
      };
    }
    stack = await startPrintStack({ config: s3Config });
    token = await adminToken(stack);
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic' })).id;
  });
  afterAll(async () => {
    await stack?.stop();
    await s3?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores the file there, hands out a signed link to it, and deletes it with the job', async () => {
    const created = await createJob(stack, token, albumId, {}, 'stickerpack');
    const { job } = await waitForJob(stack, token, albumId, created.id);
    expect(job.state, job.error ?? '').toBe('finished');
    const url = new URL(job.file_url!, stack.baseUrl);
    // The file name drops what an album id may start with that a file name should not (a leading '_').
    const exportFiles = new ExportFiles(createStorage(stack.config).storage);
    const key = exportFiles.keyFor(job.id, `${albumId}-stickerpack`, 'pdf');
    if (kind === 's3') expect(url.href.startsWith(`${endpoint}/${bucket}/${key}?`)).toBe(true);
    else expect(url.pathname).toBe(`/api/v1/files/${key}`);

    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    // The file really is in that storage, not in a folder of its own.
    const storage = exportFiles.storage;
    expect(storage.kind).toBe(kind);
    expect((await storage.stat(key))?.byteSize).toBe(bytes.length);
    if (kind === 'local') {
      // The signature covers the path: the same link for another job's file is refused.
      const forged = new URL(url);
      forged.pathname = forged.pathname.replace(job.id, '00000000-0000-4000-8000-000000000000');
      expect((await fetch(forged)).status).toBe(404);
    }

    const removed = await stack.app.inject({
      method: 'DELETE',
      url: `/api/v1/render_jobs/${job.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await storage.stat(key)).toBeUndefined();
    expect((await fetch(url)).status).toBe(404);
  }, 120_000);
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
