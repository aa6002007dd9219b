import { describe, expect, it } from 'vitest';
import { createBlankAlbum, makeLargeAlbum } from './fixtures.ts';
import { isElementType } from './schema.ts';
import { checkInvariants, sectionsInOrder, spreadsInOrder } from './tree.ts';

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
});
