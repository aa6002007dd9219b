import { describe, expect, it } from 'vitest';
import { makeLargeAlbum } from '../testing/fixtures.ts';
import { STICKERS_PER_PACK } from '../constants.ts';
import {
  allPrintPages,
  parseRenderQuery,
  parseSeed,
  printPages,
  renderQueryEntries,
  settingsForPreset,
  stickerBleedBox,
  stickerCutMarks,
  stickerPacks,
  stickerSheets,
  trimSizeOf,
  type PrintPage,
} from './index.ts';
import { numberStickers } from '../numbering.ts';
import { seededRandom } from '../random.ts';

const query = (params: Record<string, string>) => (key: string) => params[key] ?? null;

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
