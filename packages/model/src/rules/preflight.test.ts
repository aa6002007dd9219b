import { describe, expect, it } from 'vitest';
import { applyPatches } from '../patches.ts';
import { smallAlbum, withNode } from '../testing/test-support.ts';
import { albumPreflight } from './preflight.ts';
import type { AlbumDocument, Sticker } from '../document.ts';

const cell = { x: 0, y: 0, width: 50, height: 70 };

function withSticker(doc: AlbumDocument, sticker: Partial<Sticker> & { id: string }): AlbumDocument {
  const value: Sticker = { name: '', position: '', doubleSticker: false, sectionId: 's1', ...sticker };
  return applyPatches(doc, [{ op: 'add', path: `/stickers/${sticker.id}`, value }]);
}

describe('album preflight', () => {
  it('finds nothing in a finished album', () => {
    let doc = withSticker(smallAlbum(), { id: 'anna', name: 'Anna' });
    doc = withNode(doc, 'c1', 'StickerCell', 'p1', 'a0', { ...cell, stickerId: 'anna' });
    expect(albumPreflight(doc, {})).toEqual([]);
  });

  it('reports an empty sticker cell with its spread', () => {
    const doc = withNode(smallAlbum(), 'c1', 'StickerCell', 'p1', 'a0', cell);
    expect(albumPreflight(doc, {})).toEqual([
      { code: 'EMPTY_STICKER_CELL', spread_id: 'p1', element_id: 'c1', section_id: 's1' },
    ]);
  });

  it('reports a placed sticker without a name, but not a double sticker or an unplaced one', () => {
    let doc = withSticker(smallAlbum(), { id: 'nameless' });
    doc = withSticker(doc, { id: 'team', doubleSticker: true });
    doc = withSticker(doc, { id: 'waiting' });
    doc = withNode(doc, 'c1', 'StickerCell', 'p1', 'a0', { ...cell, stickerId: 'nameless' });
    doc = withNode(doc, 'c2', 'StickerCell', 'p1', 'a1', { ...cell, width: 100, stickerId: 'team' });
    expect(albumPreflight(doc, {})).toEqual([
      {
        code: 'STICKER_WITHOUT_NAME',
        spread_id: 'p1',
        element_id: 'c1',
        sticker_id: 'nameless',
        section_id: 's1',
      },
    ]);
  });

  it('reports images below 75 dpi at their placed size, not merely low ones', () => {
    let doc = withNode(smallAlbum(), 'blurry', 'Image', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 230,
      height: 297,
      image: 'tiny',
    });
    doc = withNode(doc, 'soft', 'Image', 'p1', 'a1', { x: 0, y: 0, width: 200, height: 200, image: 'mid' });
    const entries = albumPreflight(doc, {
      tiny: { width: 600, height: 800 },
      mid: { width: 1000, height: 1000 },
    });
    expect(entries).toEqual([{ code: 'IMAGE_RESOLUTION_TOO_LOW', spread_id: 'p1', element_id: 'blurry' }]);
  });

  it('reports an editable section without spreads, never a static one', () => {
    const doc = applyPatches(smallAlbum(), [{ op: 'remove', path: '/nodes/p1' }]);
    expect(albumPreflight(doc, {}).filter((entry) => entry.code === 'EMPTY_SECTION')).toEqual([
      { code: 'EMPTY_SECTION', section_id: 's1' },
    ]);
  });

  it('reports an odd inlay as spreads missing for the binding, at the last editable spread', () => {
    // Cover, p1, p2, back: 3 spreads inside the cover, one short of whole sheets.
    const doc = withNode(smallAlbum(), 'p2', 'Spread', 's1', 'a1', {});
    expect(albumPreflight(doc, {})).toEqual([
      { code: 'SPREADS_MISSING_FOR_BINDING', count: 1, spread_id: 'p2', section_id: 's1' },
    ]);
    // One more spread makes the inlay even again.
    expect(albumPreflight(withNode(doc, 'p3', 'Spread', 's1', 'a2', {}), {})).toEqual([]);
  });

  it('reports missing binding spreads without a place when every spread is static', () => {
    const doc = applyPatches(smallAlbum(), [{ op: 'remove', path: '/nodes/p1' }]);
    expect(albumPreflight(doc, {}).filter((entry) => entry.code === 'SPREADS_MISSING_FOR_BINDING')).toEqual([
      { code: 'SPREADS_MISSING_FOR_BINDING', count: 1 },
    ]);
  });
});
