import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from '../document.ts';
import { stickerNumberLabel } from '../numbering.ts';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import { createSection } from './sections.ts';
import { placeStickerOnSpread } from './sticker-cells.ts';

function album(): AlbumDocument {
  let doc = smallAlbum();
  doc = run(
    doc,
    createSection(doc, 'Two', () => 's2'),
  );
  doc = withNode(doc, 'q1', 'Spread', 's2', 'a0', {});
  return {
    ...doc,
    stickers: {
      one: { id: 'one', name: 'One', position: '', doubleSticker: false, sectionId: 's1' },
      team: { id: 'team', name: '', position: '', doubleSticker: true, sectionId: 's1' },
    },
  };
}

describe('dropping a sticker on a spread', () => {
  it('creates a 50 x 70 cell centred on the drop point and places the sticker', () => {
    const doc = album();
    const change = placeStickerOnSpread(doc, 'one', 'p1', { x: 100, y: 100 }, ids('c'));
    const next = run(doc, change);
    expect(next.nodes[change.selection[0]].props).toMatchObject({
      x: 75,
      y: 65,
      width: 50,
      height: 70,
      stickerId: 'one',
    });
    expect(stickerNumberLabel(next, 'one')).toBe('1');
  });

  it('creates a 100 x 70 cell for a double sticker, kept inside the spread', () => {
    const doc = album();
    const change = placeStickerOnSpread(doc, 'team', 'p1', { x: 455, y: 295 }, ids('c'));
    const next = run(doc, change);
    expect(next.nodes[change.selection[0]].props).toMatchObject({ x: 360, y: 227, width: 100, height: 70 });
    expect(stickerNumberLabel(next, 'team')).toBe('1-2');
  });

  it('moves a placed sticker out of its old cell and into the section of the spread', () => {
    let doc = album();
    doc = run(doc, placeStickerOnSpread(doc, 'one', 'p1', { x: 100, y: 100 }, ids('c')));
    const change = placeStickerOnSpread(doc, 'one', 'q1', { x: 100, y: 100 }, ids('d'));
    const next = run(doc, change);
    expect(
      Object.values(next.nodes)
        .filter((node) => node.props.stickerId === 'one')
        .map((n) => n.id),
    ).toEqual([change.selection[0]]);
    expect(next.stickers.one.sectionId).toBe('s2');
  });

  it('refuses an unknown sticker', () => {
    expect(() => placeStickerOnSpread(album(), 'nobody', 'p1', { x: 0, y: 0 })).toThrow(
      expect.objectContaining({ code: 'STICKER_NOT_FOUND' }),
    );
  });
});
