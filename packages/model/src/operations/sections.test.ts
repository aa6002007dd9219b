import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from '../document.ts';
import { run, smallAlbum, withNode } from '../testing/test-support.ts';
import { sectionsInOrder } from '../tree.ts';
import { createSection, deleteSection, moveSection, renameSection, sectionMoveRange } from './sections.ts';
import { createSticker, placeSticker } from './stickers.ts';

const names = (doc: AlbumDocument) => sectionsInOrder(doc).map((s) => s.id);

describe('createSection', () => {
  it('puts a new section before the trailing static section', () => {
    const doc = smallAlbum();
    expect(
      names(
        run(
          doc,
          createSection(doc, 'Team', () => 's2'),
        ),
      ),
    ).toEqual(['cover', 's1', 's2', 'back']);
  });

  it('puts it before the back cover when there are only static sections', () => {
    let doc = smallAlbum();
    doc = run(doc, {
      patches: [
        { op: 'remove', path: '/nodes/p1' },
        { op: 'remove', path: '/nodes/s1' },
      ],
    });
    expect(
      names(
        run(
          doc,
          createSection(doc, 'Team', () => 's2'),
        ),
      ),
    ).toEqual(['cover', 's2', 'back']);
  });

  it('trims the name and needs it non-empty and at most 50 characters', () => {
    const doc = smallAlbum();
    expect(
      run(
        doc,
        createSection(doc, '  Team  ', () => 's2'),
      ).nodes.s2.props.name,
    ).toBe('Team');
    expect(() => createSection(doc, '   ')).toThrow(
      expect.objectContaining({ code: 'SECTION_NAME_REQUIRED' }),
    );
    expect(() => createSection(doc, 'x'.repeat(51))).toThrow(
      expect.objectContaining({ code: 'SECTION_NAME_TOO_LONG' }),
    );
    expect(() => createSection(doc, 'x'.repeat(50), () => 's2')).not.toThrow();
  });
});

describe('renameSection', () => {
  it('renames an editable section', () => {
    const doc = smallAlbum();
    expect(run(doc, renameSection(doc, 's1', 'Players')).nodes.s1.props.name).toBe('Players');
  });

  it('refuses an empty name and static sections', () => {
    expect(() => renameSection(smallAlbum(), 's1', '')).toThrow(
      expect.objectContaining({ code: 'SECTION_NAME_REQUIRED' }),
    );
    expect(() => renameSection(smallAlbum(), 'cover', 'Front')).toThrow(
      expect.objectContaining({ code: 'SECTION_STATIC' }),
    );
  });
});

describe('moveSection', () => {
  function three() {
    let doc = smallAlbum();
    doc = run(
      doc,
      createSection(doc, 'Two', () => 's2'),
    );
    return run(
      doc,
      createSection(doc, 'Three', () => 's3'),
    );
  }

  it('reorders editable sections between the static ones', () => {
    const doc = three();
    expect(sectionMoveRange(doc)).toEqual({ min: 1, max: 3 });
    expect(names(run(doc, moveSection(doc, 's3', 1)))).toEqual(['cover', 's3', 's1', 's2', 'back']);
    expect(names(run(doc, moveSection(doc, 's1', 3)))).toEqual(['cover', 's2', 's3', 's1', 'back']);
  });

  it('refuses to move past a static section or to move a static section', () => {
    const doc = three();
    expect(() => moveSection(doc, 's2', 0)).toThrow(
      expect.objectContaining({ code: 'SECTION_POSITION_INVALID' }),
    );
    expect(() => moveSection(doc, 's2', 4)).toThrow(
      expect.objectContaining({ code: 'SECTION_POSITION_INVALID' }),
    );
    expect(() => moveSection(doc, 'back', 2)).toThrow(expect.objectContaining({ code: 'SECTION_STATIC' }));
  });
});

describe('deleteSection', () => {
  it('removes its spreads, their elements and its stickers', () => {
    let doc = withNode(smallAlbum(), 'cell', 'StickerCell', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 50,
      height: 70,
    });
    doc = run(
      doc,
      createSticker(doc, { name: 'A', position: '', doubleSticker: false }, () => 'st'),
    );
    doc = run(doc, placeSticker(doc, 'st', 'cell'));
    const next = run(doc, deleteSection(doc, 's1'));
    expect(names(next)).toEqual(['cover', 'back']);
    expect(next.nodes.p1).toBeUndefined();
    expect(next.nodes.cell).toBeUndefined();
    expect(next.stickers).toEqual({});
  });

  it('empties cells in other sections that hold one of its stickers', () => {
    let doc = withNode(smallAlbum(), 'cell', 'StickerCell', 'coverSpread', 'a0', {
      x: 0,
      y: 0,
      width: 50,
      height: 70,
      stickerId: 'st',
    });
    doc = {
      ...doc,
      stickers: { st: { id: 'st', name: 'A', position: '', doubleSticker: false, sectionId: 's1' } },
    };
    const next = run(doc, deleteSection(doc, 's1'));
    expect(next.nodes.cell.props.stickerId).toBeUndefined();
  });

  it('refuses static sections', () => {
    expect(() => deleteSection(smallAlbum(), 'cover')).toThrow(
      expect.objectContaining({ code: 'SECTION_STATIC' }),
    );
  });
});
