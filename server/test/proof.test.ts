/**
 * Proofs: the album's owner and collaborators export a check PDF of the whole album through the same pipeline as
 * the print files (real /render route in Debian's Chromium), stamped as not for print; every other export stays
 * an admin tool, and nobody sees anybody else's proofs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumMembers } from '../src/db/schema.ts';
import { PT_PER_MM } from '../src/print/pdf-boxes.ts';
import { bearer, createAlbum, signUp, type Session } from './helpers/test-app.ts';
import {
  adminToken,
  download,
  printTestsCanRun,
  run,
  startPrintStack,
  waitForJob,
  type JobView,
  type PrintStack,
} from './helpers/print.ts';

describe.skipIf(!printTestsCanRun)('proof PDFs for owners and collaborators', () => {
  let stack: PrintStack;
  let owner: Session;
  let collaborator: Session;
  let stranger: Session;
  let albumId: string;
  let spreads: number;

  const post = (token: string, preset: string, params: Record<string, unknown> = {}) =>
    stack.app.inject({
      method: 'POST',
      url: '/api/v1/exports/render_jobs',
      headers: bearer(token),
      payload: { render_job: { params: { album_id: albumId, ...params }, settings: { preset } } },
    });
  const list = async (token: string) => {
    const response = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, jobs: (response.json().render_jobs ?? []) as JobView[] };
  };

  beforeAll(async () => {
    stack = await startPrintStack();
    owner = await signUp(stack.app);
    collaborator = await signUp(stack.app);
    stranger = await signUp(stack.app);
    const album = await createAlbum(stack.app, owner.access_token, {
      blueprint_id: 'wedding-classic',
      title: 'Mia & Jonas',
      language: 'de',
    });
    albumId = album.id;
    spreads = spreadsInOrder(album.workspace as unknown as AlbumDocument).length;
    await stack.database.db.insert(albumMembers).values({ albumId, userId: collaborator.user.sub });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('gives a collaborator a stamped 150 dpi PDF of the whole album, cover included, without bleed or crop marks', async () => {
    // Print settings sent along are ignored: a proof is always the proof preset.
    const created = await post(collaborator.access_token, 'proof', { dpi: 600, includeBleed: true });
    expect(created.statusCode).toBe(201);
    const job = created.json().render_job as JobView & { params: Record<string, unknown> };
    expect(job.params).toMatchObject({ mode: 'album', dpi: 150, includeCover: true, includeBleed: false });

    // Asking again while it renders answers with the same job instead of starting another.
    const again = await post(collaborator.access_token, 'proof');
    expect(again.statusCode).toBe(200);
    expect(again.json().render_job.id).toBe(job.id);

    const { job: done } = await waitForJob(stack, collaborator.access_token, albumId, job.id, 220_000);
    expect(done.state, done.error ?? '').toBe('finished');
    expect(done.progress).toBe(100);
    const bytes = await download(stack, done.file_url!);
    const file = join(stack.dataDir, 'proof.pdf');
    writeFileSync(file, bytes);
    if (process.env.PRINT_TEST_KEEP) writeFileSync(join(process.env.PRINT_TEST_KEEP, 'proof.pdf'), bytes);

    const pdf = await PDFDocument.load(bytes);
    // Front cover, every inlay page, back cover.
    expect(pdf.getPageCount()).toBe(2 * (spreads - 1) + 2);
    const mm = (pt: number) => Math.round(pt / PT_PER_MM);
    for (const page of pdf.getPages()) {
      expect([mm(page.getMediaBox().width), mm(page.getMediaBox().height)]).toEqual([230, 297]);
      expect([mm(page.getTrimBox().width), mm(page.getTrimBox().height)]).toEqual([230, 297]);
    }
    expect(pdf.getSubject()).toBe('KORREKTURABZUG – nicht für den Druck');
    const text = (await run('pdftotext', [file, '-'])).stdout;
    // Every page says it is a proof, in the album's language, with its page number.
    const stamps = text.match(/KORREKTURABZUG – nicht für den Druck · \d+\/\d+/g) ?? [];
    expect(stamps).toHaveLength(pdf.getPageCount());
    expect(text).toContain(`1/${pdf.getPageCount()}`);
  }, 240_000);

  it('lets the owner make a proof too, and shows each person only their own proofs', async () => {
    const created = await post(owner.access_token, 'proof');
    expect(created.statusCode).toBe(201);
    const ownerJob = created.json().render_job.id as string;

    const ownerList = await list(owner.access_token);
    expect(ownerList.status).toBe(200);
    expect(ownerList.jobs.map((j) => j.id)).toEqual([ownerJob]);
    const collaboratorList = await list(collaborator.access_token);
    expect(collaboratorList.jobs.map((j) => j.id)).not.toContain(ownerJob);
    expect(collaboratorList.jobs).toHaveLength(1);
    // Admins see every export of the album.
    const adminList = await list(await adminToken(stack));
    expect(adminList.jobs.map((j) => j.id)).toContain(ownerJob);
    expect(adminList.jobs).toHaveLength(2);
  });

  it('answers a stranger 404 for making or listing proofs of an album they cannot see', async () => {
    const created = await post(stranger.access_token, 'proof');
    expect(created.statusCode).toBe(404);
    expect(created.json().error.code).toBe('NOT_FOUND');
    expect((await list(stranger.access_token)).status).toBe(404);
    expect((await list(await adminToken(stack))).jobs).toHaveLength(2);
  });

  it('keeps every other preset, and deleting exports, admin-only', async () => {
    for (const preset of ['album_softcover_inside', 'album_check', 'custom']) {
      const response = await post(collaborator.access_token, preset);
      expect(response.statusCode, preset).toBe(403);
      expect(response.json().error.code).toBe('ADMIN_ONLY');
    }
    const [own] = (await list(collaborator.access_token)).jobs;
    const deleted = await stack.app.inject({
      method: 'DELETE',
      url: `/api/v1/render_jobs/${own.id}`,
      headers: bearer(collaborator.access_token),
    });
    expect(deleted.statusCode).toBe(403);
    expect((await list(await adminToken(stack))).jobs).toHaveLength(2);
  });
});
