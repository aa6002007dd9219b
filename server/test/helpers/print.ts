/**
 * Print test helpers: a listening app with the real built web app (the /render route), export workers driving
 * Debian's Chromium, poppler's command-line tools, and albums with stickers and full-resolution photos.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { generateNKeysBetween } from 'fractional-indexing';
import type { AlbumDocument, DocNode, Sticker } from '@stickerbook/model';
import { spreadsInOrder } from '@stickerbook/model';
import sharp from 'sharp';
import { SERVER_ROOT, type Config } from '../../src/config/index.ts';
import { startJobQueue, type JobQueue } from '../../src/workers.ts';
import {
  renderExportDeps,
  workRenderExports,
  type RenderExportDeps,
} from '../../src/print/render-export-job.ts';
import { replaceAlbumDocument } from '../../src/album-store/albums.ts';
import type { BuildOptions } from '../../src/app.ts';
import { bearer, startTestApp, type TestApp } from './test-app.ts';

export const run = promisify(execFile);

/** The built SPA (`npm run build -w web`); WEB_DIST points elsewhere when it was built into another folder. */
export const PRINT_WEB_DIST = resolve(process.env.WEB_DIST ?? join(SERVER_ROOT, '..', 'web', 'dist'));
/**
 * Whether the system packages (and files) a test file needs are there. In CI (CI=true) a missing one fails the file
 * instead of skipping it, so a broken image cannot pass by skipping; locally the tests skip with a message.
 */
export function systemTestsCanRun(needs: Record<string, string | undefined>): boolean {
  const missing = Object.entries(needs)
    .filter(([, path]) => !path || !existsSync(path))
    .map(([name]) => name);
  const inCi = ['true', '1'].includes(String(process.env.CI ?? '').toLowerCase());
  if (inCi && (missing.length > 0 || process.env.SKIP_BROWSER_TESTS === '1'))
    throw new Error(`CI: these tests need ${missing.join(', ') || 'SKIP_BROWSER_TESTS unset'}`);
  if (missing.length > 0) console.warn(`Tests skipped: they need ${missing.join(', ')}`);
  return process.env.SKIP_BROWSER_TESTS !== '1' && missing.length === 0;
}

/** The print tests need the built web app, Debian's chromium, poppler-utils and ghostscript. */
export const printTestsCanRun = systemTestsCanRun({
  'the built web app (npm run build -w web)': join(PRINT_WEB_DIST, 'index.html'),
  chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  'poppler-utils': '/usr/bin/pdfinfo',
  ghostscript: '/usr/bin/gs',
});

export interface PrintStack extends TestApp {
  baseUrl: string;
  dataDir: string;
  jobs: JobQueue;
  deps: RenderExportDeps;
  stop(): Promise<void>;
}

/** A real app listening on loopback (Chromium must reach /render and the API), with `workers` export workers. */
export async function startPrintStack(
  options: {
    workers?: number;
    deps?: (deps: RenderExportDeps) => RenderExportDeps;
    /** More settings, e.g. `s3` to store files in a bucket. */
    config?: Partial<Config>;
    /** Where the server's log lines go (tests that read the log). */
    logStream?: BuildOptions['logStream'];
  } = {},
): Promise<PrintStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-print-'));
  const t = await startTestApp(
    'pglite',
    { ...options.config, webDist: PRINT_WEB_DIST, dataDir },
    { logStream: options.logStream },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = { ...t.config, publicUrl: baseUrl };
  const jobs = await startJobQueue(t.database, { work: false, config });
  const base = renderExportDeps(t.database, config);
  const deps = options.deps ? options.deps(base) : base;
  await workRenderExports(jobs.boss, deps, options.workers ?? 1);
  return {
    ...t,
    config,
    baseUrl,
    dataDir,
    jobs,
    deps,
    async stop() {
      await jobs.stop();
      await base.browsers.close();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function adminToken(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: {
      email: t.config.adminEmail,
      password: t.config.adminPassword ?? t.seeded.generatedAdminPassword,
    },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json().access_token;
}

/** A JPEG photo of the given pixel size (a smooth gradient, so it stays small on disk). */
export async function testPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7aa6c2' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#204060"/><stop offset="1" stop-color="#f0c080"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="#ffffff"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Uploads a file through the image API (direct upload, then the image record); returns the image id. */
export async function uploadImage(
  stack: PrintStack,
  token: string,
  albumId: string,
  bytes: Buffer,
  model: 'image' | 'sticker' = 'image',
  contentType: 'image/jpeg' | 'image/png' = 'image/jpeg',
): Promise<string> {
  const checksum = createHash('md5').update(bytes).digest('base64');
  const upload = await stack.app.inject({
    method: 'POST',
    url: '/api/v1/direct_uploads',
    headers: bearer(token),
    payload: {
      filename: contentType === 'image/png' ? 'photo.png' : 'photo.jpg',
      byte_size: bytes.length,
      checksum,
      content_type: contentType,
    },
  });
  if (upload.statusCode !== 201) throw new Error(`direct upload failed: ${upload.body}`);
  const { blob_id, upload_url, headers } = upload.json() as {
    blob_id: string;
    upload_url: string;
    headers: Record<string, string>;
  };
  const put = await fetch(new URL(upload_url, stack.baseUrl), { method: 'PUT', headers, body: bytes });
  if (!put.ok) throw new Error(`upload PUT failed: ${await put.text()}`);
  const image = await stack.app.inject({
    method: 'POST',
    url: `/api/v1/albums/${albumId}/images`,
    headers: bearer(token),
    payload: { blob_id, model },
  });
  if (image.statusCode !== 201) throw new Error(`image record failed: ${image.body}`);
  return image.json().id;
}

/** Adds nodes and stickers to the album's document (straight into the database: test setup, not the API). */
export async function editDocument(
  stack: PrintStack,
  albumId: string,
  edit: (doc: AlbumDocument) => AlbumDocument,
): Promise<AlbumDocument> {
  const response = await stack.app.inject({
    method: 'GET',
    url: `/api/v1/albums/${albumId}`,
    headers: bearer(await adminToken(stack)),
  });
  const doc = edit(response.json().workspace as AlbumDocument);
  await replaceAlbumDocument(stack.database.db, albumId, doc);
  return doc;
}

/** A full-bleed photo on the left page of the first inner spread, on top of everything. */
export function withFullBleedPhoto(
  doc: AlbumDocument,
  imageId: string,
  spreadOrdinal = 1,
  side: 'left' | 'right' = 'left',
): AlbumDocument {
  const spread = spreadsInOrder(doc)[spreadOrdinal];
  const last = Object.values(doc.nodes)
    .filter((n) => n.parentId === spread.id)
    .map((n) => n.index)
    .sort()
    .at(-1);
  const [index] = generateNKeysBetween(last ?? null, null, 1);
  const id = `photo-${spreadOrdinal}-${side}`;
  const node: DocNode = {
    id,
    type: 'Image',
    parentId: spread.id,
    index,
    props: { x: side === 'left' ? 0 : 230, y: 0, width: 230, height: 297, image: imageId },
  };
  return { ...doc, nodes: { ...doc.nodes, [id]: node } };
}

/** Places new stickers into the first empty cells of the album (document order), with the given names. */
export function withStickers(doc: AlbumDocument, names: string[]): AlbumDocument {
  const cells = spreadsInOrder(doc).flatMap((spread) =>
    Object.values(doc.nodes).filter(
      (n) =>
        n.type === 'StickerCell' &&
        n.parentId === spread.id &&
        !n.props.stickerId &&
        (n.props.width as number) < 60,
    ),
  );
  const nodes = { ...doc.nodes };
  const stickers: Record<string, Sticker> = { ...doc.stickers };
  names.forEach((name, i) => {
    const cell = cells[i];
    const section = Object.values(doc.nodes).find((n) => n.id === doc.nodes[cell.parentId!].parentId)!;
    const id = `st-${i + 1}`;
    stickers[id] = { id, name, position: `Pos ${i + 1}`, doubleSticker: false, sectionId: section.id };
    nodes[cell.id] = { ...cell, props: { ...cell.props, stickerId: id } };
  });
  return { ...doc, nodes, stickers };
}

export interface JobView {
  id: string;
  state: string;
  progress: number;
  pages_done: number;
  pages_total: number | null;
  file_url: string | null;
  attempts: number;
  error: string | null;
}

export async function createJob(
  stack: PrintStack,
  token: string,
  albumId: string,
  params: Record<string, unknown> = {},
  preset = 'custom',
): Promise<JobView> {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/v1/exports/render_jobs',
    headers: bearer(token),
    payload: { render_job: { params: { album_id: albumId, ...params }, settings: { preset } } },
  });
  if (response.statusCode !== 201) throw new Error(`render job failed: ${response.body}`);
  return response.json().render_job;
}

/** Polls the list like the jobs tab until the job is finished or failed; records every state seen. */
export async function waitForJob(
  stack: PrintStack,
  token: string,
  albumId: string,
  jobId: string,
  timeoutMs = 120_000,
): Promise<{ job: JobView; seen: JobView[] }> {
  const seen: JobView[] = [];
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const response = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(token),
    });
    const job = (response.json().render_jobs as JobView[]).find((j) => j.id === jobId);
    if (!job) throw new Error('job disappeared');
    seen.push(job);
    if (job.state === 'finished' || (job.state === 'error' && job.attempts >= 3)) return { job, seen };
  }
  throw new Error(`job ${jobId} did not finish: ${JSON.stringify(seen.at(-1))}`);
}

export async function download(stack: PrintStack, fileUrl: string): Promise<Buffer> {
  const response = await fetch(new URL(fileUrl, stack.baseUrl));
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
