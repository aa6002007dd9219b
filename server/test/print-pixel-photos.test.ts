/**
 * Photos Chromium embeds as pixels rather than as their JPEG, a PNG with transparency and a photo with filters,
 * take the same cached CMYK path as JPEG photos (print/cmyk-photos.ts, print/cmyk-source.ts): held out of
 * Ghostscript's pass, put back as a CMYK copy (with the PNG's transparency), the copy made once and read by the
 * next export, made again through another profile, and deleted with the album.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCmykProfile } from '../src/config/output-profile.ts';
import { printPhotoCopies } from '../src/db/schema.ts';
import { cmykCopyHeader } from '../src/images/cmyk-variant.ts';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { waitForVariants } from './fixtures/images/upload-client.ts';
import { bearer, createAlbum } from './helpers/test-app.ts';
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
  type PrintStack,
} from './helpers/print.ts';

const PNG = { width: 1600, height: 2000 };
const OTHER_PROFILE = '/usr/share/ghostscript/10.00.0/iccprofiles/ps_cmyk.icc';

/** A PNG photo with transparency: a gradient whose right third fades out, with an opaque disc. */
async function transparentPng(): Promise<Buffer> {
  const { width, height } = PNG;
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c03030"/><stop offset="0.6" stop-color="#3060c0"/><stop offset="1" stop-color="#30c060" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${width / 5}" fill="#f0e040"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

interface ListedImage {
  page: number;
  type: string;
  width: number;
  height: number;
  color: string;
  enc: string;
}

describe.skipIf(!printTestsCanRun)('photos embedded as pixels in a PDF/X file', () => {
  let stack: PrintStack;
  let jobs: JobQueue;
  let token: string;
  let albumId: string;

  beforeAll(async () => {
    stack = await startPrintStack();
    jobs = await startJobQueue(stack.database, { work: true, config: stack.config });
    token = await adminToken(stack);
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic', title: 'Pixels' })).id;
    const pngId = await uploadImage(stack, token, albumId, await transparentPng(), 'image', 'image/png');
    const photoId = await uploadImage(stack, token, albumId, await testPhoto(1800, 2400));
    for (const id of [pngId, photoId])
      expect((await waitForVariants(stack.app, token, id, 60_000)).state).toBe('finished');
    await editDocument(stack, albumId, (doc) => {
      const next = withFullBleedPhoto(withFullBleedPhoto(doc, pngId, 2, 'left'), photoId, 3, 'right');
      const filtered = next.nodes['photo-3-right'];
      filtered.props = { ...filtered.props, filter: { con: 30, hue: 40 }, grayscale: false };
      return next;
    });
  }, 120_000);
  afterAll(async () => {
    await jobs?.stop();
    await stack?.stop();
  });

  async function exportInside(name: string): Promise<{ file: string; images: ListedImage[] }> {
    const created = await createJob(stack, token, albumId, {}, 'album_softcover_inside');
    const { job } = await waitForJob(stack, token, albumId, created.id, 220_000);
    expect(job.state, job.error ?? '').toBe('finished');
    const file = join(stack.dataDir, `${name}.pdf`);
    writeFileSync(file, await download(stack, job.file_url!));
    const lines = (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2).filter(Boolean);
    const images = lines
      .map((line) => line.trim().split(/\s+/))
      .map((cols) => ({
        page: Number(cols[0]),
        type: cols[2],
        width: Number(cols[3]),
        height: Number(cols[4]),
        color: cols[5],
        enc: cols[8],
      }));
    return { file, images };
  }

  const copies = async () =>
    (
      await stack.database.db
        .select({ key: printPhotoCopies.storageKey })
        .from(printPhotoCopies)
        .where(eq(printPhotoCopies.albumId, albumId))
    ).map((row) => join(stack.dataDir, 'blobs', row.key));

  let firstCopies: string[] = [];

  it('embeds both as CMYK JPEG copies, the PNG with its transparency, and leaves no large RGB picture', async () => {
    const { file, images } = await exportInside('first');
    // No picture of photo size is left in RGB or in Flate: Ghostscript's slow re-encoding never saw them.
    const large = images.filter((image) => image.type === 'image' && image.width * image.height >= 256 * 256);
    expect(large.length).toBeGreaterThanOrEqual(2);
    for (const image of large) expect(`${image.color} ${image.enc}`).toBe('cmyk jpeg');
    // The PNG's transparency travels with its copy, as a soft mask of the PNG's pixel size.
    const masks = images.filter((image) => image.type === 'smask');
    expect(masks.some((mask) => mask.width === PNG.width && mask.height === PNG.height)).toBe(true);
    const pngPage = images.find((image) => image.type === 'smask' && image.width === PNG.width)!.page;
    expect(large.some((image) => image.page === pngPage)).toBe(true);

    firstCopies = await copies();
    expect(firstCopies.length).toBeGreaterThanOrEqual(2);
    for (const copy of firstCopies) expect(existsSync(copy), copy).toBe(true);

    // The transparent part shows the page behind it (white paper), the opaque disc its colour: seen at 50 dpi.
    const page = String(pngPage);
    await run('pdftoppm', [
      '-r',
      '50',
      '-f',
      page,
      '-l',
      page,
      '-png',
      file,
      join(stack.dataDir, 'png-page'),
    ]);
    const rendered = sharp(join(stack.dataDir, `png-page-${page.padStart(2, '0')}.png`));
    const { data, info } = await rendered.raw().toBuffer({ resolveWithObject: true });
    const pixel = (fx: number, fy: number) => {
      const at =
        (Math.round(fy * (info.height - 1)) * info.width + Math.round(fx * (info.width - 1))) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    // The photo covers the page and its bleed (inside the crop marks); its right edge is faded out to the page.
    const faded = pixel(0.955, 0.5);
    for (const channel of faded) expect(channel).toBeGreaterThan(200);
    const disc = pixel(0.335, 0.5);
    expect(disc[0]).toBeGreaterThan(180);
    expect(disc[2]).toBeLessThan(120);
  }, 300_000);

  it('reads the copies in the next export instead of making them again, and remakes them for another profile', async () => {
    const made = new Map(firstCopies.map((copy) => [copy, statSync(copy).mtimeMs]));
    const bytes = new Map(firstCopies.map((copy) => [copy, readFileSync(copy)]));
    const second = await exportInside('second');
    for (const copy of firstCopies) expect(statSync(copy).mtimeMs, copy).toBe(made.get(copy));
    expect(await copies()).toEqual(firstCopies);
    const firstCmyk = second.images.filter((image) => image.type === 'image' && image.enc === 'jpeg');
    expect(firstCmyk.length).toBeGreaterThanOrEqual(2);

    // The partner's profile is the print stack's worker's: the second queue of this file (variants, file cleanup)
    // works exports too, through the configured profile, so it stops while the partner's file is made.
    const partner = readCmykProfile(OTHER_PROFILE, 'Custom');
    const previous = stack.deps.outputProfile;
    stack.deps.outputProfile = partner;
    await jobs.stop();
    try {
      await exportInside('partner');
    } finally {
      stack.deps.outputProfile = previous;
      jobs = await startJobQueue(stack.database, { work: true, config: stack.config });
    }
    for (const copy of firstCopies) {
      const now = readFileSync(copy);
      expect(cmykCopyHeader(now)?.profileHash, copy).toBe(partner.hash);
      expect(Buffer.compare(now, bytes.get(copy)!)).not.toBe(0);
    }
  }, 600_000);

  it('deletes the copies with the album', async () => {
    const deleted = await stack.app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${albumId}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    for (const copy of firstCopies)
      await expect.poll(() => existsSync(copy), { timeout: 30_000, interval: 200 }).toBe(false);
  }, 60_000);
});
