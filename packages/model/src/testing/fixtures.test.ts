import { describe, expect, it } from 'vitest';
import { createBlankAlbum } from '../blank-album.ts';
import { fillStickerCellsPatches, makeLargeAlbum } from './fixtures.ts';
import { unlinkSticker, updateSticker } from '../operations/stickers.ts';
import { applyPatches } from '../patches.ts';
import { isElementType } from '../schema.ts';
import { checkInvariants, sectionOf, sectionsInOrder, spreadsInOrder } from '../tree.ts';

describe('fixtures', () => {
  it('builds the benchmark album of 60 spreads, 600 placed stickers and 400 other elements', () => {
    const doc = makeLargeAlbum({ spreads: 60, stickers: 600, otherElements: 400 });
    const elements = Object.values(doc.nodes).filter((node) => isElementType(node.type));
    const cells = elements.filter((node) => node.type === 'StickerCell');
    expect(spreadsInOrder(doc)).toHaveLength(60);
    expect(Object.keys(doc.stickers)).toHaveLength(600);
    expect(cells.filter((cell) => typeof cell.props.stickerId === 'string')).toHaveLength(600);
    expect(elements.length - cells.length).toBe(400);
    expect(checkInvariants(doc)).toEqual([]);
  });

  it('builds the same album every time', () => {
    expect(makeLargeAlbum()).toStrictEqual(makeLargeAlbum());
  });

  it('makes a blank album with static cover and back sections around one editable section', () => {
    const doc = createBlankAlbum({ sectionName: 'Team' });
    expect(sectionsInOrder(doc).map((s) => [s.props.name, s.props.static])).toEqual([
      ['Cover', true],
      ['Team', false],
      ['Back', true],
    ]);
    expect(checkInvariants(doc)).toEqual([]);
  });

  it('fills every empty sticker cell of its section and names every sticker, keeping the album valid', () => {
    let doc = makeLargeAlbum({ spreads: 4, stickers: 12, otherElements: 0 });
    const cells = Object.values(doc.nodes).filter((node) => node.type === 'StickerCell');
    const [emptied, other] = cells;
    doc = applyPatches(doc, unlinkSticker(doc, emptied.id).patches);
    const unnamed = String(other.props.stickerId);
    doc = applyPatches(doc, updateSticker(doc, unnamed, { name: '' }).patches);

    const filled = applyPatches(doc, fillStickerCellsPatches(doc, 'guest'));

    expect(checkInvariants(filled)).toEqual([]);
    const sticker = filled.stickers['guest-0'];
    expect(sticker).toMatchObject({ name: 'Gast 1', sectionId: sectionOf(doc, emptied.id)?.id });
    expect(filled.nodes[emptied.id].props.stickerId).toBe('guest-0');
    expect(filled.stickers[unnamed].name).toBe('Alex');
    expect(fillStickerCellsPatches(filled, 'guest')).toEqual([]);
  });
});
