import { describe, expect, it } from 'vitest';
import { makeLargeAlbum } from '../testing/fixtures.ts';
import { allPrintPages, coverLayout, printPages, trimSizeOf } from './index.ts';
import { spreadsInOrder } from '../tree.ts';

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
