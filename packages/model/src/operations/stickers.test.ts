import { describe, expect, it } from 'vitest';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import { createSticker, deleteSticker, placeSticker, unlinkSticker, updateSticker } from './stickers.ts';
import { createSection } from './sections.ts';

function album() {
  let doc = smallAlbum();
  doc = run(
    doc,
    createSection(doc, 'Team', () => 's2'),
  );
  doc = withNode(doc, 'p2', 'Spread', 's2', 'a0', {});
  doc = withNode(doc, 'c1', 'StickerCell', 'p1', 'a0', { x: 0, y: 0, width: 50, height: 70 });
  doc = withNode(doc, 'c2', 'StickerCell', 'p2', 'a0', { x: 0, y: 0, width: 50, height: 70 });
  return run(
    doc,
    createSticker(doc, { name: 'Ann', position: 'Coach', doubleSticker: false }, () => 'st'),
  );
}

describe('stickers', () => {
  it('creates a sticker in the first non-static section by default', () => {
    expect(album().stickers.st).toMatchObject({ name: 'Ann', sectionId: 's1' });
  });

  it('needs a section to exist', () => {
    const doc = {
      ...smallAlbum(),
      nodes: Object.fromEntries(
        Object.entries(smallAlbum().nodes).filter(([id]) => !['s1', 'p1'].includes(id)),
      ),
    };
    expect(() => createSticker(doc, { name: 'A', position: '', doubleSticker: false })).toThrow(
      expect.objectContaining({ code: 'NO_EDITABLE_SECTION' }),
    );
  });

  it('updates fields and refuses a name over 30 characters', () => {
    const doc = album();
    expect(run(doc, updateSticker(doc, 'st', { name: 'Anna', tags: ['x'] })).stickers.st).toMatchObject({
      name: 'Anna',
      tags: ['x'],
    });
    expect(() => updateSticker(doc, 'st', { name: 'x'.repeat(31) })).toThrow(
      expect.objectContaining({ code: 'INVALID_PROPS' }),
    );
  });

  it('places a sticker in a cell and reassigns it to the cell section', () => {
    const doc = album();
    const next = run(doc, placeSticker(doc, 'st', 'c2'));
    expect(next.nodes.c2.props.stickerId).toBe('st');
    expect(next.stickers.st.sectionId).toBe('s2');
  });

  it('moves a placed sticker out of its previous cell', () => {
    const doc = run(album(), placeSticker(album(), 'st', 'c1'));
    const next = run(doc, placeSticker(doc, 'st', 'c2'));
    expect(next.nodes.c1.props.stickerId).toBeUndefined();
    expect(next.nodes.c2.props.stickerId).toBe('st');
  });

  it('unlinks a sticker from its cell', () => {
    const doc = run(album(), placeSticker(album(), 'st', 'c1'));
    expect(run(doc, unlinkSticker(doc, 'c1')).nodes.c1.props.stickerId).toBeUndefined();
  });

  it('unlinks the cell first when a sticker is deleted', () => {
    const doc = run(album(), placeSticker(album(), 'st', 'c1'));
    const change = deleteSticker(doc, 'st');
    expect(change.patches.map((p) => `${p.op} ${p.path}`)).toEqual([
      'remove /nodes/c1/props/stickerId',
      'remove /stickers/st',
    ]);
    const next = run(doc, change);
    expect(next.nodes.c1).toBeDefined();
  });

  it('refuses to place into something that is not a sticker cell', () => {
    const doc = withNode(album(), 'r', 'Rectangle', 'p1', 'a5');
    expect(() => placeSticker(doc, 'st', 'r')).toThrow(
      expect.objectContaining({ code: 'NOT_A_STICKER_CELL' }),
    );
    expect(() => placeSticker(doc, 'nope', 'c1')).toThrow(
      expect.objectContaining({ code: 'STICKER_NOT_FOUND' }),
    );
    void ids;
  });
});
