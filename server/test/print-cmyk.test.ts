/**
 * The print-shop CMYK copy of a photo (images/cmyk-variant.ts): made once with the photo's variants, embedded as
 * it is by every PDF/X export instead of being converted by Ghostscript again, made by the export when it is
 * missing, and deleted with the image.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmykVariantKey } from '../src/images/cmyk-variant.ts';
import { findImage } from '../src/images/repository.ts';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { waitForVariants } from './fixtures/images/upload-client.ts';
import { bearer, createAlbum } from './helpers/test-app.ts';
import {
  adminToken,
  createJob,
  download,
  editDocument,
  printTestsCanRun,
  startPrintStack,
  testPhoto,
  uploadImage,
  waitForJob,
  withFullBleedPhoto,
  type PrintStack,
} from './helpers/print.ts';

const PHOTO = { width: 1500, height: 1920 };

describe.skipIf(!printTestsCanRun)('the print-shop CMYK copy of a photo', () => {
  let stack: PrintStack;
  let jobs: JobQueue;
  let token: string;

  beforeAll(async () => {
    stack = await startPrintStack();
    // Variants and file cleanup run in this test too.
    jobs = await startJobQueue(stack.database, { work: true, config: stack.config });
    token = await adminToken(stack);
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await stack?.stop();
  });

  /** Where the local storage keeps the CMYK copy of the image's print file (its `original`). */
  async function copyOf(imageId: string) {
    const row = (await findImage(stack.database.db, imageId))!;
    return join(stack.dataDir, 'blobs', cmykVariantKey(row.variants.original!.key));
  }

  /** Exports the album as the print-shop PDF/X file; returns the streams of its CMYK photos of PHOTO's size. */
  async function exportedPhotos(albumId: string): Promise<Buffer[]> {
    const created = await createJob(stack, token, albumId, {}, 'album_softcover_inside');
    const { job } = await waitForJob(stack, token, albumId, created.id, 220_000);
    expect(job.state, job.error ?? '').toBe('finished');
    const pdf = await PDFDocument.load(await download(stack, job.file_url!));
    const photos: Buffer[] = [];
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      const width = object.dict.get(PDFName.of('Width'));
      if (!(width instanceof PDFNumber) || width.asNumber() !== PHOTO.width) continue;
      expect(String(object.dict.get(PDFName.of('ColorSpace')))).toBe('/DeviceCMYK');
      expect(String(object.dict.get(PDFName.of('Height')))).toBe(String(PHOTO.height));
      photos.push(Buffer.from(object.contents));
    }
    return photos;
  }

  async function albumWithPhoto() {
    const albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic' })).id;
    const photoId = await uploadImage(stack, token, albumId, await testPhoto(PHOTO.width, PHOTO.height));
    expect((await waitForVariants(stack.app, token, photoId, 60_000)).state).toBe('finished');
    await editDocument(stack, albumId, (doc) => withFullBleedPhoto(doc, photoId, 2, 'left'));
    return { albumId, photoId };
  }

  it('is made once with the variants, embedded as it is by every export, and deleted with the image', async () => {
    const { albumId, photoId } = await albumWithPhoto();
    const file = await copyOf(photoId);
    expect(existsSync(file)).toBe(true);
    const made = statSync(file).mtimeMs;
    const bytes = readFileSync(file);

    for (let i = 0; i < 2; i++) expect(await exportedPhotos(albumId)).toEqual([bytes]);
    // Read by both exports, written by neither.
    expect(statSync(file).mtimeMs).toBe(made);

    const deleted = await stack.app.inject({
      method: 'DELETE',
      url: `/api/v1/images/${photoId}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    await expect.poll(() => existsSync(file), { timeout: 30_000, interval: 200 }).toBe(false);
  }, 300_000);

  it('is made by the export when the photo has none yet, and kept for the next one', async () => {
    const { albumId, photoId } = await albumWithPhoto();
    const file = await copyOf(photoId);
    rmSync(file);

    const [embedded] = await exportedPhotos(albumId);
    expect(existsSync(file)).toBe(true);
    expect(embedded).toEqual(readFileSync(file));
    const made = statSync(file).mtimeMs;
    expect(await exportedPhotos(albumId)).toEqual([embedded]);
    expect(statSync(file).mtimeMs).toBe(made);
  }, 300_000);
});
