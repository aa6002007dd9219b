import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from './document.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';
import { numberStickers, stickerNumberLabel } from './numbering.ts';
import { moveSection, createSection } from './operations/sections.ts';
import { moveSpread } from './operations/spreads.ts';
import { applyPatches } from './patches.ts';
import { run, smallAlbum, withNode } from './testing/test-support.ts';
import { spreadsInOrder } from './tree.ts';

function sticker(id: string, sectionId: string, doubleSticker = false) {
  return { id, name: id, position: '', doubleSticker, sectionId };
}
const cell = (x: number, y: number, stickerId: string, width = 50) => ({
  x,
  y,
  width,
  height: 70,
  stickerId,
});

/** Section 1 (p1, p2) and section 'Two' (q1), with single and double stickers. */
function album(): AlbumDocument {
  let doc = smallAlbum();
  doc = run(
    doc,
    createSection(doc, 'Two', () => 's2'),
  );
  doc = withNode(doc, 'p2', 'Spread', 's1', 'a1', {});
  doc = withNode(doc, 'q1', 'Spread', 's2', 'a0', {});
  doc = {
    ...doc,
    stickers: {
      a: sticker('a', 's1'),
      b: sticker('b', 's1', true),
      c: sticker('c', 's1'),
      d: sticker('d', 's1'),
      e: sticker('e', 's2', true),
      f: sticker('f', 's2'),
      unplaced: sticker('unplaced', 's1'),
    },
  };
  // p1: right page cell 'c', left page top row 'b' (double) then 'a' to its right, second row none.
  doc = withNode(doc, 'cc', 'StickerCell', 'p1', 'a0', cell(300, 10, 'c'));
  doc = withNode(doc, 'ca', 'StickerCell', 'p1', 'a1', cell(120, 10, 'a'));
  doc = withNode(doc, 'cb', 'StickerCell', 'p1', 'a2', cell(10, 10, 'b', 100));
  doc = withNode(doc, 'cd', 'StickerCell', 'p2', 'a0', cell(10, 10, 'd'));
  doc = withNode(doc, 'cf', 'StickerCell', 'q1', 'a0', cell(10, 100, 'f'));
  doc = withNode(doc, 'ce', 'StickerCell', 'q1', 'a1', cell(10, 10, 'e', 100));
  return doc;
}

describe('sticker numbering', () => {
  it('numbers placements left page before right, top to bottom, left to right; doubles take two numbers', () => {
    const numbering = numberStickers(album());
    expect(Object.fromEntries(numbering.numbersBySticker)).toEqual({
      b: [1, 2],
      a: [3],
      c: [4],
      d: [5],
      e: [6, 7],
      f: [8],
    });
    expect(numbering.total).toBe(8);
    expect(numbering.cellOrder).toEqual(['cb', 'ca', 'cc', 'cd', 'ce', 'cf']);
  });

  it('gives unplaced stickers no number', () => {
    expect(numberStickers(album()).numbersBySticker.has('unplaced')).toBe(false);
    expect(stickerNumberLabel(album(), 'unplaced')).toBe('');
    expect(stickerNumberLabel(album(), 'b')).toBe('1-2');
  });

  it('follows the spreads when a spread moves', () => {
    const doc = album();
    const moved = applyPatches(doc, moveSpread(doc, 'p2', 'up').patches);
    expect(numberStickers(moved).numbersBySticker.get('d')).toEqual([1]);
    expect(numberStickers(moved).numbersBySticker.get('b')).toEqual([2, 3]);
  });

  it('follows the sections when a section moves', () => {
    const doc = album();
    const moved = applyPatches(doc, moveSection(doc, 's2', 1).patches);
    expect(numberStickers(moved).numbersBySticker.get('e')).toEqual([1, 2]);
    expect(numberStickers(moved).numbersBySticker.get('b')).toEqual([4, 5]);
  });

  it('counts cells inside groups by their position on the page', () => {
    let doc = album();
    doc = withNode(doc, 'g', 'Group', 'p2', 'a1', { x: 0, y: 0, width: 100, height: 100 });
    doc = { ...doc, stickers: { ...doc.stickers, g1: sticker('g1', 's1') } };
    doc = withNode(doc, 'cg', 'StickerCell', 'g', 'a0', cell(0, 0, 'g1'));
    expect(numberStickers(doc).numbersBySticker.get('g1')).toEqual([5]);
    expect(numberStickers(doc).numbersBySticker.get('d')).toEqual([6]);
  });

  it('renumbers all 600 stickers of a 60-spread album after a spread move', () => {
    // The speed figure (< 5 ms) is measured in bench/src/album-structure.ts, not asserted here.
    const doc = makeLargeAlbum();
    const spread = spreadsInOrder(doc)[5];
    const moved = applyPatches(doc, moveSpread(doc, spread.id, 'down').patches);
    const before = numberStickers(doc);
    const after = numberStickers(moved);
    expect(after.cellOrder).toHaveLength(600);
    expect(after.cellOrder).not.toEqual(before.cellOrder);
  });
});
