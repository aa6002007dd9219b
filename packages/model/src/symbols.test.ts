import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from './document.ts';
import { createSection } from './operations/sections.ts';
import { formatReleaseDate, resolveNodeSymbol, resolveSymbol, tableOfContents } from './symbols.ts';
import { run, smallAlbum, withNode } from './testing/test-support.ts';

const meta = { title: 'Team 2025', releaseDate: '2025-12-24', language: 'de' };
const box = (x: number, y: number) => ({ x, y, width: 50, height: 70 });

function album(): AlbumDocument {
  let doc = smallAlbum();
  doc = run(
    doc,
    createSection(doc, 'Players', () => 's2'),
  );
  doc = withNode(doc, 'q1', 'Spread', 's2', 'a0', {});
  doc = {
    ...doc,
    stickers: {
      a: { id: 'a', name: 'Ann', position: 'Coach', doubleSticker: false, sectionId: 's1' },
      b: { id: 'b', name: 'Ben', position: 'Goal', doubleSticker: true, sectionId: 's2' },
    },
  };
  doc = withNode(doc, 'ca', 'StickerCell', 'p1', 'a0', { ...box(10, 10), stickerId: 'a' });
  doc = withNode(doc, 'cb', 'StickerCell', 'q1', 'a0', { ...box(300, 10), width: 100, stickerId: 'b' });
  doc = withNode(doc, 'tl', 'Text', 'q1', 'a1', { x: 10, y: 250, width: 50, height: 10, symbol: 'pagenum' });
  doc = withNode(doc, 'tr', 'Text', 'q1', 'a2', { x: 300, y: 250, width: 50, height: 10, symbol: 'section' });
  return doc;
}
const ctx = (extra: object = {}) => ({ doc: album(), meta, ...extra });

describe('automatic text symbols', () => {
  it('resolves sticker symbols from the sticker of the enclosing cell', () => {
    expect(resolveSymbol('sticker-name', ctx({ nodeId: 'ca' }))).toBe('Ann');
    expect(resolveSymbol('sticker-position', ctx({ nodeId: 'ca' }))).toBe('Coach');
    expect(resolveSymbol('sticker-number', ctx({ nodeId: 'ca' }))).toBe('1');
    expect(resolveSymbol('sticker-nextnumber', ctx({ nodeId: 'ca' }))).toBe('2');
  });

  it('gives a double sticker its two numbers', () => {
    expect(resolveSymbol('sticker-number', ctx({ stickerId: 'b' }))).toBe('2');
    expect(resolveSymbol('sticker-nextnumber', ctx({ stickerId: 'b' }))).toBe('3');
  });

  it('resolves to empty text for an empty cell or no sticker', () => {
    expect(resolveSymbol('sticker-name', ctx({ nodeId: 'tl' }))).toBe('');
    expect(resolveSymbol('sticker-number', ctx())).toBe('');
  });

  it('resolves section, page number and page count from where the text sits', () => {
    // q1 is spread 2 of [cover, p1, q1, back]: pages 4 (left) and 5 (right).
    expect(resolveNodeSymbol(album(), 'tl', meta)).toBe('4');
    expect(resolveNodeSymbol(album(), 'tr', meta)).toBe('Players');
    expect(resolveSymbol('totalpages', ctx())).toBe('6');
    expect(resolveSymbol('section', ctx({ stickerId: 'a' }))).toBe('Section 1');
  });

  it('resolves album title, sticker total and release date', () => {
    expect(resolveSymbol('album', ctx())).toBe('Team 2025');
    expect(resolveSymbol('totalstickers', ctx())).toBe('3');
    expect(resolveSymbol('release_date', ctx())).toBe('24.12.2025');
    expect(formatReleaseDate('2025-12-24', 'en')).toBe('12/24/2025');
    expect(formatReleaseDate(null, 'de')).toBe('');
    expect(formatReleaseDate('not a date', 'de')).toBe('');
  });

  it('builds the table of contents of non-static sections', () => {
    expect(tableOfContents(album())).toEqual([
      { sectionId: 's1', name: 'Section 1', page: 2 },
      { sectionId: 's2', name: 'Players', page: 4 },
    ]);
    expect(resolveSymbol('toc_sections', ctx())).toBe('Section 1\nPlayers');
    expect(resolveSymbol('toc_pages', ctx())).toBe('2\n4');
  });

  it('returns undefined for a node without a symbol', () => {
    expect(resolveNodeSymbol(album(), 'ca', meta)).toBeUndefined();
  });
});
