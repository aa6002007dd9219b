/**
 * Issue 23, print files: the print partner's CMYK profile (PRINT_OUTPUT_ICC) reaches every part of a PDF/X file,
 * and photos far above print resolution are embedded at 300 dpi. End to end through the export worker, Chromium and
 * Ghostscript; checked with pdf-lib and poppler (pdfimages, pdftoppm) as a print shop's preflight would.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmykCopyHeader, convertJpegToCmyk } from '../src/images/cmyk-variant.ts';
import { findCmykProfile, readCmykProfile, type CmykProfile } from '../src/config/output-profile.ts';
import { createAlbum } from './helpers/test-app.ts';
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

/** 230 x 297 mm at ~530 dpi: what a phone's 25-megapixel photo is worth on an album page. */
const BIG = { width: 4800, height: 6200 };
/** ~200 dpi on the same page: left as it is. */
const SMALL = { width: 1800, height: 2400 };
/** Ghostscript ships a second CMYK output profile beside its default: the "partner's" one here. */
const OTHER_PROFILE = '/usr/share/ghostscript/10.00.0/iccprofiles/ps_cmyk.icc';

describe.skipIf(!printTestsCanRun)('print files through the partner profile, at print resolution', () => {
  let stack: PrintStack;
  let token: string;
  let albumId: string;
  let bigJpeg: Buffer;
  let defaultProfile: CmykProfile;
  /** The first file, made through Ghostscript's default profile. */
  let firstFile: string;

  beforeAll(async () => {
    stack = await startPrintStack();
    token = await adminToken(stack);
    defaultProfile = findCmykProfile()!;
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic', title: 'Dpi' })).id;
    bigJpeg = await testPhoto(BIG.width, BIG.height);
    const bigId = await uploadImage(stack, token, albumId, bigJpeg);
    const smallId = await uploadImage(stack, token, albumId, await testPhoto(SMALL.width, SMALL.height));
    await editDocument(stack, albumId, (doc) =>
      withFullBleedPhoto(withFullBleedPhoto(doc, bigId, 2, 'left'), smallId, 3, 'right'),
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function exportInside(name: string) {
    const created = await createJob(stack, token, albumId, {}, 'album_softcover_inside');
    const { job } = await waitForJob(stack, token, albumId, created.id, 220_000);
    expect(job.state, job.error ?? '').toBe('finished');
    const file = join(stack.dataDir, `${name}.pdf`);
    writeFileSync(file, await download(stack, job.file_url!));
    return file;
  }

  /** pdfimages -list: page, pixel size, colour, encoding, object number and effective resolution. */
  async function listImages(file: string) {
    const lines = (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2).filter(Boolean);
    return lines
      .map((line) => line.trim().split(/\s+/))
      .map((cols) => ({
        page: Number(cols[0]),
        width: Number(cols[3]),
        height: Number(cols[4]),
        color: cols[5],
        enc: cols[8],
        object: Number(cols[10]),
        xPpi: Number(cols[12]),
        yPpi: Number(cols[13]),
      }));
  }

  /** The output intent's identifier, condition and the SHA-256 of the profile it embeds. */
  function outputIntent(pdf: PDFDocument) {
    const intent = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
    const icc = Buffer.from(
      decodePDFRawStream(intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream).decode(),
    );
    return {
      identifier: intent.lookup(PDFName.of('OutputConditionIdentifier'), PDFString).decodeText(),
      condition: intent.lookup(PDFName.of('OutputCondition'), PDFString).decodeText(),
      hash: createHash('sha256').update(icc).digest('hex'),
    };
  }

  /** The embedded CMYK photo streams (what cmyk-photos.ts put back), by pixel width. */
  function cmykPhotos(pdf: PDFDocument) {
    const found = new Map<number, { ref: Parameters<typeof pdf.context.assign>[0]; data: Uint8Array }>();
    for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      if (object.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceCMYK')) continue;
      if (object.dict.get(PDFName.of('Filter')) !== PDFName.of('DCTDecode')) continue;
      const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
      found.set(width, { ref, data: object.contents });
    }
    return found;
  }

  it('embeds a photo above 450 dpi at 300 dpi where it is placed, a smaller one as it is, rendering the same', async () => {
    firstFile = await exportInside('default');
    const images = await listImages(firstFile);
    const big = images.filter((image) => image.width > SMALL.width);
    const small = images.filter((image) => image.width === SMALL.width);
    expect(big.length).toBeGreaterThan(0);
    expect(small.length).toBeGreaterThan(0);
    for (const image of big) {
      // Resampled to about 300 dpi at its placed size, keeping its proportions.
      expect(image.width).toBeLessThan(BIG.width * 0.6);
      expect(image.xPpi).toBeGreaterThanOrEqual(298);
      expect(image.xPpi).toBeLessThanOrEqual(310);
      expect(image.yPpi).toBeGreaterThanOrEqual(298);
      expect(Math.abs(image.width / image.height - BIG.width / BIG.height)).toBeLessThan(0.002);
      expect(`${image.color} ${image.enc}`).toBe('cmyk jpeg');
    }
    for (const image of small) {
      expect([image.width, image.height]).toEqual([SMALL.width, SMALL.height]);
      expect(image.xPpi).toBeLessThan(450);
      expect(`${image.color} ${image.enc}`).toBe('cmyk jpeg');
    }

    // The page as a print shop's RIP would see it at 150 dpi, against the same file with the photo's full-size
    // CMYK copy (what the file embedded before): the same to within 1/255 per channel on average.
    const pdf = await PDFDocument.load(readFileSync(firstFile));
    const resampled = cmykPhotos(pdf).get(big[0].width)!;
    expect(cmykCopyHeader(resampled.data)?.profileHash).toBe(defaultProfile.hash);
    const full = await convertJpegToCmyk(bigJpeg, { profile: defaultProfile });
    pdf.context.assign(
      resampled.ref,
      pdf.context.stream(full.data, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: full.width,
        Height: full.height,
        ColorSpace: 'DeviceCMYK',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
        Decode: [1, 0, 1, 0, 1, 0, 1, 0],
      }),
    );
    const fullFile = join(stack.dataDir, 'full.pdf');
    writeFileSync(fullFile, await pdf.save());
    expect((await listImages(fullFile)).some((image) => image.width === BIG.width)).toBe(true);
    const page = String(big[0].page);
    // pdftoppm names the page with as many digits as the file's page count has (14 pages: -03).
    const render = async (file: string, prefix: string) => {
      await run('pdftoppm', ['-r', '150', '-f', page, '-l', page, '-png', file, join(stack.dataDir, prefix)]);
      const png = join(stack.dataDir, `${prefix}-${page.padStart(2, '0')}.png`);
      return sharp(png).raw().toBuffer({ resolveWithObject: true });
    };
    const before = await render(fullFile, 'before');
    const after = await render(firstFile, 'after');
    expect([after.info.width, after.info.height]).toEqual([before.info.width, before.info.height]);
    const channels = before.info.channels;
    const sums = new Array<number>(channels).fill(0);
    for (let i = 0; i < before.data.length; i++)
      sums[i % channels] += Math.abs(before.data[i] - after.data[i]);
    const means = sums.map((sum) => sum / (before.data.length / channels));
    for (const mean of means) expect(mean).toBeLessThanOrEqual(1);
    // and the file is smaller for it
    expect(readFileSync(firstFile).length).toBeLessThan(readFileSync(fullFile).length);
  }, 300_000);

  it('makes each file through the profile it was given: output intent, conversion and the photos’ CMYK copies', async () => {
    const first = outputIntent(await PDFDocument.load(readFileSync(firstFile)));
    expect(first).toEqual({
      identifier: 'CGATS TR 001',
      condition: 'Artifex CMYK SWOP Profile',
      hash: defaultProfile.hash,
    });

    // The print partner sends its own profile: the next file is made through it.
    const partner = readCmykProfile(OTHER_PROFILE, 'Custom');
    expect(partner.hash).not.toBe(defaultProfile.hash);
    const previous = stack.deps.outputProfile;
    stack.deps.outputProfile = partner;
    try {
      const file = await exportInside('partner');
      const pdf = await PDFDocument.load(readFileSync(file));
      expect(outputIntent(pdf)).toEqual({
        identifier: 'Custom',
        condition: 'Artifex PS CMYK Profile',
        hash: partner.hash,
      });
      // Both photos got new CMYK copies, made through the partner's profile (their first bytes say which), and the
      // colours differ from the first file's.
      const photos = cmykPhotos(pdf);
      const before = cmykPhotos(await PDFDocument.load(readFileSync(firstFile)));
      expect([...photos.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [width, photo] of photos) {
        expect(cmykCopyHeader(photo.data)?.profileHash, `photo ${width}`).toBe(partner.hash);
        expect(Buffer.compare(Buffer.from(photo.data), Buffer.from(before.get(width)!.data))).not.toBe(0);
      }
    } finally {
      stack.deps.outputProfile = previous;
    }
  }, 300_000);
});
