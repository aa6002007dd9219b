import { describe, expect, it } from 'vitest';
import { createBlankAlbum } from '../blank-album.ts';
import { makeLargeAlbum } from '../testing/fixtures.ts';
import { STICKERS_PER_PACK } from '../constants.ts';
import {
  allPrintPages,
  coverLayout,
  cropMarks,
  extendBackgroundsIntoBleed,
  isAllowedApiUrl,
  parseDpi,
  parseFlag,
  parseRange,
  parseRenderQuery,
  parseSeed,
  printPages,
  renderQueryEntries,
  settingsForPreset,
  sheetGeometry,
  stickerBleedBox,
  stickerCutMarks,
  stickerPacks,
  stickerSheets,
  trimSizeOf,
  type PrintPage,
} from './index.ts';
import { spreadsInOrder } from '../tree.ts';
import { numberStickers } from '../numbering.ts';
import { seededRandom } from '../random.ts';
import type { AlbumDocument, DocNode } from '../document.ts';

/** A copy with extra nodes (tree caches are per nodes map, so never mutate a document that was read). */
function withNodes(doc: AlbumDocument, nodes: DocNode[]): AlbumDocument {
  return { ...doc, nodes: { ...doc.nodes, ...Object.fromEntries(nodes.map((n) => [n.id, n])) } };
}

const query = (params: Record<string, string>) => (key: string) => params[key] ?? null;

describe('render query parsing', () => {
  it('reads flags as true only for 1 or true', () => {
    expect(parseFlag('1')).toBe(true);
    expect(parseFlag('true')).toBe(true);
    expect(parseFlag('TRUE ')).toBe(true);
    expect(parseFlag('0', true)).toBe(false);
    expect(parseFlag('yes', true)).toBe(false);
    expect(parseFlag(null, true)).toBe(true);
  });

  it('parses a range like 1-3,5 with spaces stripped, ascending and without duplicates', () => {
    expect(parseRange(' 1 - 3 , 5 ', 10)).toEqual([1, 2, 3, 5]);
    expect(parseRange('5,1-2,2', 10)).toEqual([1, 2, 5]);
    expect(parseRange('3-1', 10)).toEqual([1, 2, 3]);
    expect(parseRange('', 3)).toEqual([1, 2, 3]);
    expect(parseRange('2-99', 4)).toEqual([2, 3, 4]);
  });

  it('refuses a malformed range', () => {
    expect(parseRange('1-', 5)).toBeNull();
    expect(parseRange('a', 5)).toBeNull();
    expect(parseRange('1--3', 5)).toBeNull();
  });

  it('strips spaces from the dpi and refuses nonsense', () => {
    expect(parseDpi(' 3 00 ')).toBe(300);
    expect(parseDpi('abc')).toBeUndefined();
    expect(parseDpi('0')).toBeUndefined();
  });

  it('takes every option of the /render query and reports what is missing', () => {
    const parsed = parseRenderQuery(
      query({
        album_id: 'A1',
        token: 't',
        mode: 'spread',
        format: 'png',
        resolution: 'full',
        dpi: ' 150',
        showStickers: '0',
        includeCover: 'true',
        includeBleed: '1',
        range: '1 ,2',
      }),
    );
    expect(parsed.albumId).toBe('A1');
    expect(parsed.problems).toEqual([]);
    expect(parsed.settings).toMatchObject({
      mode: 'spread',
      format: 'png',
      resolution: 'full',
      dpi: 150,
      showStickers: false,
      includeCover: true,
      includeBleed: true,
      cropMarks: true,
      range: '1,2',
    });
    expect(parseRenderQuery(query({}), 'FromPath').albumId).toBe('FromPath');
    expect(parseRenderQuery(query({ dpi: 'x', range: '1-' })).problems).toEqual([
      'INVALID_DPI',
      'INVALID_RANGE',
      'MISSING_ALBUM',
      'MISSING_TOKEN',
    ]);
  });
});

describe('the api_url allow-list', () => {
  const allowed = ['http://127.0.0.1:3400', 'https://app.example.com'];
  it('accepts our own API on an allowed origin', () => {
    expect(isAllowedApiUrl('http://127.0.0.1:3400/api/v1', allowed)).toBe(true);
    expect(isAllowedApiUrl('https://app.example.com:443/api/v1/', allowed)).toBe(true);
  });
  it('refuses any other host, port, scheme, path or credentials trick', () => {
    for (const url of [
      'http://evil.example/api/v1',
      'http://127.0.0.1:3401/api/v1',
      'https://127.0.0.1:3400/api/v1',
      'http://127.0.0.1:3400/other',
      'http://app.example.com@evil.example/api/v1',
      'javascript:alert(1)',
      '//evil.example/api/v1',
      'https://app.example.com.evil.example/api/v1',
    ]) {
      expect(isAllowedApiUrl(url, allowed), url).toBe(false);
    }
  });
});

describe('presets (SPEC §9)', () => {
  it('completes each preset with its mode and turns crop marks on with bleed', () => {
    expect(settingsForPreset('album_softcover_inside')).toMatchObject({
      mode: 'album_softcover_inside',
      format: 'pdf',
      dpi: 300,
      resolution: 'original',
      includeBleed: true,
      cropMarks: true,
      pdfx: true,
    });
    expect(settingsForPreset('album_softcover')).toMatchObject({
      mode: 'album_softcover',
      format: 'pdf',
      dpi: 600,
      pdfx: true,
    });
    // Every file for the print shop is PDF/X, the sticker files too; an override turns it off.
    expect(settingsForPreset('album_softcover_inside', { pdfx: false }).pdfx).toBe(false);
    expect(settingsForPreset('stickers').pdfx).toBe(true);
    expect(settingsForPreset('stickerpack').pdfx).toBe(true);
    for (const preset of ['album_check', 'sticker_check', 'current_spread', 'custom'] as const)
      expect(settingsForPreset(preset).pdfx, preset).toBe(false);
    expect(settingsForPreset('stickers')).toMatchObject({ mode: 'stickers', dpi: 300, showStickers: true });
    expect(settingsForPreset('stickerpack')).toMatchObject({ mode: 'stickerpack', includeCover: true });
    expect(settingsForPreset('album_check')).toMatchObject({
      format: 'jpg',
      dpi: 200,
      includeBleed: false,
      cropMarks: false,
    });
    expect(settingsForPreset('sticker_check')).toMatchObject({ mode: 'stickers', format: 'jpg', dpi: 200 });
    expect(settingsForPreset('current_spread', { range: '3' })).toMatchObject({
      mode: 'spread',
      format: 'pdf',
      dpi: 300,
      range: '3',
    });
  });
});

describe('sheet geometry', () => {
  it('puts 2 mm bleed and an 8 mm slug around an album page', () => {
    const g = sheetGeometry(230, 297, { includeBleed: true, cropMarks: true });
    expect(g.trim).toEqual({ x: 10, y: 10, width: 230, height: 297 });
    expect(g.bleed).toEqual({ x: 8, y: 8, width: 234, height: 301 });
    expect(g.media).toEqual({ x: 0, y: 0, width: 250, height: 317 });
  });

  it('draws two crop marks per corner outside the bleed, continuing the trim edges', () => {
    const g = sheetGeometry(230, 297, { includeBleed: true, cropMarks: true });
    const marks = cropMarks(g);
    expect(marks).toHaveLength(8);
    for (const m of marks) {
      const onTrimLine = [10, 240].includes(m.x1) || [10, 307].includes(m.y1);
      expect(onTrimLine).toBe(true);
      // never inside the bleed box
      const insideX = Math.min(m.x1, m.x2) < 242 && Math.max(m.x1, m.x2) > 8;
      const insideY = Math.min(m.y1, m.y2) < 309 && Math.max(m.y1, m.y2) > 8;
      expect(insideX && insideY).toBe(false);
    }
    expect(cropMarks(sheetGeometry(230, 297, { includeBleed: false, cropMarks: false }))).toEqual([]);
  });
});

describe('page order', () => {
  const doc = makeLargeAlbum({ spreads: 7, stickers: 20, otherElements: 0 });
  const spreads = spreadsInOrder(doc);

  it('prints the inlay page by page in reading order, two pages per spread after the cover', () => {
    const pages = allPrintPages(doc, { mode: 'album_softcover_inside', includeCover: false });
    expect(pages).toHaveLength(12);
    expect(pages.slice(0, 3)).toMatchObject([
      { kind: 'page', spreadId: spreads[1].id, side: 'left', pageNumber: 2 },
      { kind: 'page', spreadId: spreads[1].id, side: 'right', pageNumber: 3 },
      { kind: 'page', spreadId: spreads[2].id, side: 'left', pageNumber: 4 },
    ]);
    expect(trimSizeOf(pages[0])).toEqual({ width: 230, height: 297 });
  });

  it('puts the front cover first and the back cover last when the cover is included', () => {
    const pages = allPrintPages(doc, { mode: 'album', includeCover: true });
    expect(pages).toHaveLength(14);
    expect(pages[0]).toMatchObject({ spreadId: spreads[0].id, side: 'right', pageNumber: 1 });
    expect(pages[13]).toMatchObject({ spreadId: spreads[0].id, side: 'left' });
  });

  it('applies the range to the mode pages, so the current spread is one page of spread mode', () => {
    const pages = printPages(doc, { mode: 'spread', includeCover: false, range: '3' });
    expect(pages).toEqual([
      { kind: 'spread', spreadId: spreads[2].id, region: { x: 0, y: 0, width: 460, height: 297 } },
    ]);
    expect(printPages(doc, { mode: 'spread', includeCover: false, range: 'x' })).toBeNull();
  });

  it('lays the cover out as back, spine from the SPEC formula, front', () => {
    const [cover] = allPrintPages(doc, { mode: 'album_softcover', includeCover: false });
    // 7 spreads: 6 inlay spreads, spine = ceil(0.14 x 4 x 10) / 10 = 0.6 mm
    expect(cover).toMatchObject({
      kind: 'cover',
      cover: {
        spineMm: 0.6,
        width: 460.6,
        back: { x: 0 },
        spine: { x: 230, width: 0.6 },
        front: { x: 230.6 },
      },
    });
    // 26 spreads: 25 inlay spreads, ceil(0.14 x 23 x 10) / 10 = 3.3 mm
    expect(coverLayout(26).spineMm).toBe(3.3);
  });

  it('makes one stickerpack wrapper of 240 x 75 mm, and nothing inside when the album has no stickers', () => {
    const empty = { ...doc, stickers: {} };
    const pages = allPrintPages(empty, { mode: 'stickerpack', includeCover: true });
    expect(pages).toHaveLength(1);
    expect(trimSizeOf(pages[0])).toEqual({ width: 240, height: 75 });
  });
});

describe('sticker packs', () => {
  const album = makeLargeAlbum({ spreads: 4, stickers: 13, otherElements: 0, doubleEvery: 5 });
  const ids = (pack: Array<{ stickerId: string }>) => pack.map((s) => s.stickerId);
  const packPages = (seed?: number) =>
    allPrintPages(album, { mode: 'stickerpack', includeCover: true, seed });
  const contents = (pages: PrintPage[]) =>
    pages.map((p) => (p.kind === 'sticker' ? `${p.pack}:${p.sticker.stickerId}` : `${p.kind}`)).join();

  it('deals every sticker of the album into packs of 4 different ones, every sticker once before any twice', () => {
    const packs = stickerPacks(album, seededRandom(1));
    // 13 stickers: 4 packs, the last one topped up with 3 drawn from the rest of the album.
    expect(packs).toHaveLength(4);
    for (const pack of packs) {
      expect(pack).toHaveLength(STICKERS_PER_PACK);
      expect(new Set(ids(pack)).size).toBe(STICKERS_PER_PACK);
      for (const id of ids(pack)) expect(album.stickers[id]).toBeDefined();
    }
    const dealt = packs.flatMap(ids);
    expect(new Set(dealt.slice(0, 13))).toEqual(new Set(Object.keys(album.stickers)));
    // Placed stickers keep their number and cell, doubles stay doubles.
    for (const item of packs.flat()) {
      expect(item.double).toBe(album.stickers[item.stickerId].doubleSticker);
      if (item.cellId) expect(album.nodes[item.cellId].props.stickerId).toBe(item.stickerId);
    }
    expect(packs.flat().some((item) => item.double)).toBe(true);
  });

  it('draws at random, the same packs again for the same seed', () => {
    const first = stickerPacks(album, seededRandom(1)).map(ids);
    expect(stickerPacks(album, seededRandom(1)).map(ids)).toEqual(first);
    const others = [2, 3, 4, 5].map((seed) => stickerPacks(album, seededRandom(seed)).map(ids).join());
    expect(new Set([first.join(), ...others]).size).toBeGreaterThan(1);
    // Not simply number order.
    expect(first.flat().slice(0, 13)).not.toEqual(stickerSheets(album).flatMap((s) => ids(s.stickers)));
  });

  it('draws some stickers twice when the album has fewer than 4', () => {
    const small = makeLargeAlbum({ spreads: 2, stickers: 2, otherElements: 0 });
    const packs = stickerPacks(small, seededRandom(7));
    expect(packs).toHaveLength(1);
    expect(packs[0]).toHaveLength(4);
    expect(new Set(ids(packs[0]))).toEqual(new Set(Object.keys(small.stickers)));
    expect(stickerPacks({ ...small, stickers: {} })).toEqual([]);
  });

  it('prints each pack as its wrapper followed by its 4 stickers, each cut to its own size', () => {
    const pages = packPages(9);
    expect(pages).toHaveLength(4 * (1 + STICKERS_PER_PACK));
    const packs = stickerPacks(album, seededRandom(9));
    pages.forEach((page, i) => {
      const pack = Math.floor(i / 5);
      if (i % 5 === 0) {
        expect(page).toEqual({ kind: 'stickerpack', pack: pack + 1 });
        expect(trimSizeOf(page)).toEqual({ width: 240, height: 75 });
      } else {
        expect(page).toEqual({ kind: 'sticker', pack: pack + 1, sticker: packs[pack][(i % 5) - 1] });
        const double = page.kind === 'sticker' && page.sticker.double;
        expect(trimSizeOf(page)).toEqual(double ? { width: 100, height: 70 } : { width: 50, height: 70 });
      }
    });
    expect(contents(packPages(9))).toBe(contents(pages));
    expect(contents(packPages(10))).not.toBe(contents(pages));
    // A range keeps its pages of the same draw.
    expect(printPages(album, { mode: 'stickerpack', includeCover: true, range: '6-10', seed: 9 })).toEqual(
      pages.slice(5, 10),
    );
  });

  it('carries the seed from the export job to the render route, and ignores a malformed one', () => {
    const settings = settingsForPreset('stickerpack', { seed: 4_000_000_000 });
    const entries = renderQueryEntries({ albumId: 'a', apiUrl: 'http://x/api/v1', token: 't', settings });
    const params = new Map(entries);
    expect(params.get('seed')).toBe('4000000000');
    expect(parseRenderQuery((key) => params.get(key) ?? null).settings.seed).toBe(4_000_000_000);
    for (const bad of ['-1', '1.5', 'abc', '4294967296', '', ' ']) expect(parseSeed(bad)).toBeUndefined();
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseRenderQuery(query({ mode: 'stickerpack' })).settings.seed).toBeUndefined();
  });
});

describe('sticker sheets', () => {
  it('puts every sticker on a sheet once, in number order, without overlaps, inside the sheet', () => {
    const doc = makeLargeAlbum({ spreads: 8, stickers: 40, otherElements: 0, doubleEvery: 7 });
    const sheets = stickerSheets(doc);
    const all = sheets.flatMap((s) => s.stickers);
    expect(all.map((s) => s.stickerId).sort()).toEqual(Object.keys(doc.stickers).sort());
    const numbers = all.map((s) => s.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(numbers[0]).toBe(1);
    const order = numberStickers(doc);
    expect(all[0].cellId).toBe(order.cellOrder[0]);
    for (const sheet of sheets) {
      for (const a of sheet.stickers) {
        expect(a.box.x).toBeGreaterThanOrEqual(0);
        expect(a.box.x + a.box.width).toBeLessThanOrEqual(210);
        expect(a.box.y + a.box.height).toBeLessThanOrEqual(297);
        for (const b of sheet.stickers) {
          if (a === b) continue;
          const apart =
            a.box.x + a.box.width <= b.box.x ||
            b.box.x + b.box.width <= a.box.x ||
            a.box.y + a.box.height <= b.box.y ||
            b.box.y + b.box.height <= a.box.y;
          expect(apart).toBe(true);
        }
      }
    }
    expect(all.find((s) => s.double)?.box.width).toBe(100);
  });

  it('gives every sticker its own bleed and cut marks that stay off every sticker and its bleed', () => {
    const doc = makeLargeAlbum({ spreads: 8, stickers: 40, otherElements: 0, doubleEvery: 7 });
    for (const sheet of stickerSheets(doc)) {
      const marks = stickerCutMarks(sheet, 2);
      expect(marks).toHaveLength(8 * sheet.stickers.length);
      const bleeds = sheet.stickers.map((s) => stickerBleedBox(s.box, 2));
      for (const bleed of bleeds) {
        expect(bleed.x).toBeGreaterThan(0);
        expect(bleed.y).toBeGreaterThan(0);
        expect(bleed.x + bleed.width).toBeLessThan(210);
        expect(bleed.y + bleed.height).toBeLessThan(297);
      }
      for (const m of marks) {
        expect(Math.hypot(m.x2 - m.x1, m.y2 - m.y1)).toBeCloseTo(3);
        expect(Math.min(m.x1, m.x2)).toBeGreaterThanOrEqual(0);
        expect(Math.max(m.y1, m.y2)).toBeLessThanOrEqual(297);
        for (const b of bleeds) {
          const inside = (x: number, y: number) =>
            x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height;
          // both ends and the middle of a straight mark outside every bleed box = the whole mark outside
          expect(
            inside(m.x1, m.y1) || inside(m.x2, m.y2) || inside((m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2),
          ).toBe(false);
        }
      }
      // Each mark continues a cut line of its own sticker: through one of its trim corners' x or y.
      const first = sheet.stickers[0].box;
      expect(
        marks
          .slice(0, 8)
          .every(
            (m) =>
              [first.y, first.y + first.height].includes(m.y1) ||
              [first.x, first.x + first.width].includes(m.x1),
          ),
      ).toBe(true);
    }
  });
});

describe('backgrounds into the bleed', () => {
  it('grows a rectangle that stops at the trim by the bleed on the touching edges only', () => {
    const blank = createBlankAlbum();
    const spreadId = spreadsInOrder(blank)[1].id;
    const doc = withNodes(blank, [
      {
        id: 'bg',
        type: 'Rectangle',
        parentId: spreadId,
        index: 'a5',
        props: { x: 0, y: 0, width: 230, height: 297, fill: 2 },
      },
      {
        id: 'box',
        type: 'Rectangle',
        parentId: spreadId,
        index: 'a6',
        props: { x: 20, y: 20, width: 50, height: 50 },
      },
    ]);
    const out = extendBackgroundsIntoBleed(doc, [spreadId], 2);
    expect(out.nodes.bg.props).toMatchObject({ x: -2, y: -2, width: 232, height: 301 });
    expect(out.nodes.box).toBe(doc.nodes.box);
    expect(doc.nodes.bg.props.x).toBe(0);
    expect(extendBackgroundsIntoBleed(doc, [spreadId], 0)).toBe(doc);
  });

  it('grows cover backgrounds at the fold into the spine', () => {
    const blank = createBlankAlbum();
    const coverId = spreadsInOrder(blank)[0].id;
    const doc = withNodes(blank, [
      {
        id: 'front',
        type: 'Rectangle',
        parentId: coverId,
        index: 'a5',
        props: { x: 230, y: 0, width: 230, height: 297 },
      },
    ]);
    const out = extendBackgroundsIntoBleed(doc, [coverId], 2, 1.5);
    expect(out.nodes.front.props).toMatchObject({ x: 228.5, y: -2, width: 233.5, height: 301 });
  });
});

describe('the proof preset', () => {
  it('is the whole album with cover at screen resolution, without bleed, crop marks or PDF/X', () => {
    expect(settingsForPreset('proof')).toEqual({
      mode: 'album',
      format: 'pdf',
      dpi: 150,
      resolution: 'large',
      range: '',
      showStickers: true,
      includeCover: true,
      includeBleed: false,
      cropMarks: false,
      compress: false,
      pdfx: false,
    });
  });
});
