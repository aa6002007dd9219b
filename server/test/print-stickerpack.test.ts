/**
 * SPEC §9 sticker pack print file, end to end: the worker prints, for every pack, its 240 x 75 mm wrapper and then
 * the pack's 4 stickers, each on a sheet of its own size (50 x 70 mm, a double 100 x 70) with bleed and crop marks,
 * all in one PDF with each page's own boxes; checked with pdf-lib and poppler as a print shop's preflight would.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom, stickerPacks, type AlbumDocument, type StickerItem } from '@stickerbook/model';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PT_PER_MM } from '../src/print/pdf-boxes.ts';
import { bearer, createAlbum } from './helpers/test-app.ts';
import {
  adminToken,
  createJob,
  download,
  editDocument,
  printTestsCanRun,
  run,
  startPrintStack,
  waitForJob,
  withStickers,
  type PrintStack,
} from './helpers/print.ts';

const NAMES = ['Ada', 'Bob', 'Cyd', 'Dan', 'Eli'];
/** One more sticker, a double one, that is in no cell of the album (unplaced stickers go into packs too). */
const DOUBLE = { id: 'st-double', name: 'Eve' };

/** Millimetres, to 0.01 mm. */
const mm = (pt: number) => Math.round((pt / PT_PER_MM) * 100) / 100;

describe.skipIf(!printTestsCanRun)('the stickerpack print file', () => {
  let stack: PrintStack;
  let token: string;
  let albumId: string;
  /** The document as the render route reads it back (stored as JSON). */
  let stored: AlbumDocument;

  beforeAll(async () => {
    stack = await startPrintStack();
    token = await adminToken(stack);
    albumId = (await createAlbum(stack.app, token, { blueprint_id: 'wedding-classic', title: 'Pack Test' }))
      .id;
    await editDocument(stack, albumId, (doc) => {
      const placed = withStickers(doc, NAMES);
      const sectionId = Object.values(placed.stickers)[0].sectionId;
      return {
        ...placed,
        stickers: {
          ...placed.stickers,
          [DOUBLE.id]: {
            id: DOUBLE.id,
            name: DOUBLE.name,
            position: 'Pos 6',
            doubleSticker: true,
            sectionId,
          },
        },
      };
    });
    const response = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${albumId}`,
      headers: bearer(token),
    });
    stored = response.json().workspace as AlbumDocument;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function exportPack(params: Record<string, unknown>) {
    const created = await createJob(stack, token, albumId, params, 'stickerpack');
    const { job } = await waitForJob(stack, token, albumId, created.id, 220_000);
    expect(job.state, job.error ?? '').toBe('finished');
    const file = join(stack.dataDir, `${job.id}.pdf`);
    writeFileSync(file, await download(stack, job.file_url!));
    if (process.env.PRINT_TEST_KEEP)
      writeFileSync(join(process.env.PRINT_TEST_KEEP, `stickerpack-${job.id}.pdf`), readFileSync(file));
    const listed = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(token),
    });
    const view = listed.json().render_jobs.find((j: { id: string }) => j.id === job.id);
    return { job, file, seed: view.params.seed as number };
  }

  const nameOf = (item: StickerItem) => stored.stickers[item.stickerId].name;

  /** What every page of the file should show, in order: the wrapper, then the pack's 4 stickers, pack by pack. */
  function expectedPages(seed: number): Array<{ kind: 'wrapper' } | { kind: 'sticker'; item: StickerItem }> {
    return stickerPacks(stored, seededRandom(seed)).flatMap((pack) => [
      { kind: 'wrapper' as const },
      ...pack.map((item) => ({ kind: 'sticker' as const, item })),
    ]);
  }

  /** The text of every page, upper-cased (the frame templates print names in capitals). */
  async function pageTexts(file: string, count: number): Promise<string[]> {
    const texts: string[] = [];
    for (let page = 1; page <= count; page++)
      texts.push(
        (await run('pdftotext', ['-f', String(page), '-l', String(page), file, '-'])).stdout.toUpperCase(),
      );
    return texts;
  }

  async function expectPagesAndBoxes(file: string, seed: number) {
    const expected = expectedPages(seed);
    // 6 stickers: 2 packs (every sticker once, the second pack topped up with 2 more), 5 pages each.
    expect(expected).toHaveLength(10);
    const pdf = await PDFDocument.load(readFileSync(file));
    expect(pdf.getPageCount()).toBe(expected.length);
    pdf.getPages().forEach((page, i) => {
      const want = expected[i];
      const trim = want.kind === 'wrapper' ? [240, 75] : want.item.double ? [100, 70] : [50, 70];
      const media = page.getMediaBox();
      const bleed = page.getBleedBox();
      const box = page.getTrimBox();
      const at = `page ${i + 1}`;
      expect([mm(box.width), mm(box.height)], at).toEqual(trim);
      expect([mm(bleed.width), mm(bleed.height)], at).toEqual([trim[0] + 4, trim[1] + 4]);
      expect([mm(media.width), mm(media.height)], at).toEqual([trim[0] + 20, trim[1] + 20]);
      expect(mm(box.x - media.x), at).toBe(10);
      expect(mm(media.y + media.height - (box.y + box.height)), at).toBe(10);
      expect(mm(bleed.x - media.x), at).toBe(8);
      expect([mm(page.getCropBox().width), mm(page.getCropBox().height)], at).toEqual([
        mm(media.width),
        mm(media.height),
      ]);
    });
    const texts = await pageTexts(file, expected.length);
    const names = [...NAMES, DOUBLE.name].map((n) => n.toUpperCase());
    expected.forEach((want, i) => {
      const text = texts[i];
      if (want.kind === 'wrapper') {
        expect(text, `page ${i + 1}`).toContain('STICKERPACK');
        expect(text).toContain('PACK TEST');
        for (const name of names) expect(text).not.toContain(name);
      } else {
        // Each sticker page carries that sticker's name and no other.
        const own = nameOf(want.item).toUpperCase();
        expect(text, `page ${i + 1}`).toContain(own);
        for (const name of names.filter((n) => n !== own)) expect(text, `page ${i + 1}`).not.toContain(name);
      }
    });
    // Every page is printed at full size, its sheet at the top-left corner of its paper: the wrapper's text sits
    // in the middle of its 240 mm trim (10 mm in), and each sticker's name in the middle of its own trim.
    const words = (await run('pdftotext', ['-bbox', file, '-'])).stdout.split('<page ').slice(1);
    const centreOf = (page: number, word: string) => {
      const match = new RegExp(`<word xMin="([\\d.]+)"[^>]*xMax="([\\d.]+)"[^>]*>${word}</word>`, 'i').exec(
        words[page],
      );
      return match ? mm((Number(match[1]) + Number(match[2])) / 2) : undefined;
    };
    expected.forEach((want, i) => {
      const centre =
        want.kind === 'wrapper' ? centreOf(i, 'stickerpack') : centreOf(i, nameOf(want.item).toUpperCase());
      const middle = want.kind === 'wrapper' ? 130 : want.item.double ? 60 : 35;
      expect(Math.abs(centre! - middle), `page ${i + 1} text at ${centre} mm`).toBeLessThan(1.5);
    });
    return { pdf, expected, texts };
  }

  it('holds every pack: its wrapper, then its 4 stickers, each on a page of its own size with exact boxes', async () => {
    const { job, file, seed } = await exportPack({ seed: 20_261_125 });
    expect(seed).toBe(20_261_125);
    expect(job.pages_total).toBe(10);
    const { expected } = await expectPagesAndBoxes(file, seed);
    // Every sticker of the album is in a pack, the double one on its 100 x 70 mm page.
    const inPacks = new Set(expected.flatMap((p) => (p.kind === 'sticker' ? [nameOf(p.item)] : [])));
    expect(inPacks).toEqual(new Set([...NAMES, DOUBLE.name]));
    expect(expected.some((p) => p.kind === 'sticker' && p.item.double)).toBe(true);

    // A single sticker's page as a print shop's RIP sees it at 300 dpi: the artwork runs 2 mm past the trim into
    // the bleed, and stops there; the crop marks continue the trim edges in the slug.
    const single = expected.findIndex((p) => p.kind === 'sticker' && !p.item.double) + 1;
    const prefix = join(stack.dataDir, 'sticker');
    await run('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-f',
      String(single),
      '-l',
      String(single),
      '-png',
      file,
      prefix,
    ]);
    const png = `${prefix}-${String(single).padStart(2, '0')}.png`;
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height].map((px) => Math.round((px / 300) * 25.4))).toEqual([70, 90]);
    const px = (value: number) => Math.round((value * 300) / 25.4);
    // Darkest pixel in a 5 x 5 px window around a point in mm from the trim's top-left corner (10 mm in).
    const darkest = (xMm: number, yMm: number) => {
      let min = 255;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          min = Math.min(min, data[((px(yMm + 10) + dy) * info.width + px(xMm + 10) + dx) * info.channels]);
      return min;
    };
    for (const [x, y] of [
      [-1, 35],
      [51, 35],
      [25, -1],
      [25, 71],
    ])
      expect(darkest(x, y), `bleed at ${x},${y}`).toBeLessThan(250);
    for (const [x, y] of [
      [-2.6, 35],
      [52.6, 35],
      [25, -2.6],
      [25, 72.6],
    ])
      expect(darkest(x, y), `outside the bleed at ${x},${y}`).toBe(255);
    for (const [x, y] of [
      [0, -6],
      [50, -6],
      [-6, 70],
      [56, 0],
    ])
      expect(darkest(x, y), `crop mark at ${x},${y}`).toBeLessThan(140);
    expect(darkest(1, -6)).toBe(255);
  }, 240_000);

  it('draws the packs once per job: a job without a seed gets one, and its file follows it', async () => {
    const { file, seed } = await exportPack({});
    expect(Number.isInteger(seed)).toBe(true);
    await expectPagesAndBoxes(file, seed);
  }, 240_000);

  it('keeps every page size and box through PDF/X', async () => {
    const { file, seed } = await exportPack({ seed: 7, pdfx: true });
    expect((await run('pdfinfo', [file])).stdout).toMatch(/PDF subtype:\s+PDF\/X-4/);
    await expectPagesAndBoxes(file, seed);
  }, 240_000);

  it('refuses a seed that is not a whole number from 0 to 2^32 - 1, and creates nothing', async () => {
    const before = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(token),
    });
    for (const seed of [-1, 1.5, 2 ** 32, '12']) {
      const response = await stack.app.inject({
        method: 'POST',
        url: '/api/v1/exports/render_jobs',
        headers: bearer(token),
        payload: { render_job: { params: { album_id: albumId, seed }, settings: { preset: 'stickerpack' } } },
      });
      expect(response.statusCode, String(seed)).toBe(400);
    }
    const after = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/render_jobs?album_id=${albumId}`,
      headers: bearer(token),
    });
    expect(after.json().render_jobs).toHaveLength(before.json().render_jobs.length);
  });
});
