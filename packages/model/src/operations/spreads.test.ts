import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from '../document.ts';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import { childrenOf, spreadsInOrder } from '../tree.ts';
import {
  addSpread,
  appendSpread,
  deleteSpread,
  duplicateSpread,
  moveSpread,
  SPREAD_ACTIONS,
  spreadActionBlocker,
  spreadActions,
} from './spreads.ts';

/** cover | s1: p1 p2 p3 | s2: q1 | back */
function album(): AlbumDocument {
  let doc = smallAlbum();
  doc = withNode(doc, 'p2', 'Spread', 's1', 'a1', {});
  doc = withNode(doc, 'p3', 'Spread', 's1', 'a2', {});
  doc = withNode(doc, 's2', 'Section', 'root', 'a1V', { name: 'Two', static: false });
  doc = withNode(doc, 'q1', 'Spread', 's2', 'a0', {});
  return doc;
}
const spreadIds = (doc: AlbumDocument) => spreadsInOrder(doc).map((s) => s.id);

describe('spread actions', () => {
  it('lists the album in reading order', () => {
    expect(spreadIds(album())).toEqual(['coverSpread', 'p1', 'p2', 'p3', 'q1', 'backSpread']);
  });

  it('adds an empty spread before and after a spread', () => {
    const doc = album();
    expect(spreadIds(run(doc, addSpread(doc, 'p2', 'before', ids('n'))))).toEqual([
      'coverSpread',
      'p1',
      'n1',
      'p2',
      'p3',
      'q1',
      'backSpread',
    ]);
    expect(spreadIds(run(doc, addSpread(doc, 'p3', 'after', ids('n'))))).toEqual([
      'coverSpread',
      'p1',
      'p2',
      'p3',
      'n1',
      'q1',
      'backSpread',
    ]);
  });

  it('appends a spread to the last non-static section by default', () => {
    const doc = album();
    expect(spreadIds(run(doc, appendSpread(doc, undefined, ids('n'))))).toEqual([
      'coverSpread',
      'p1',
      'p2',
      'p3',
      'q1',
      'n1',
      'backSpread',
    ]);
  });

  it('moves a spread up and down within its section', () => {
    const doc = album();
    expect(spreadIds(run(doc, moveSpread(doc, 'p2', 'up')))).toEqual([
      'coverSpread',
      'p2',
      'p1',
      'p3',
      'q1',
      'backSpread',
    ]);
    expect(spreadIds(run(doc, moveSpread(doc, 'p2', 'down')))).toEqual([
      'coverSpread',
      'p1',
      'p3',
      'p2',
      'q1',
      'backSpread',
    ]);
  });

  it('duplicates a spread with its elements, fresh ids and empty sticker cells', () => {
    let doc = withNode(album(), 'r', 'Rectangle', 'p1', 'a0');
    doc = withNode(doc, 'cell', 'StickerCell', 'p1', 'a1', {
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
    const next = run(doc, duplicateSpread(doc, 'p1', ids('d')));
    expect(spreadIds(next).slice(0, 3)).toEqual(['coverSpread', 'p1', 'd1']);
    expect(childrenOf(next, 'd1').map((n) => n.type)).toEqual(['Rectangle', 'StickerCell']);
    expect(childrenOf(next, 'd1')[1].props.stickerId).toBeUndefined();
  });

  it('deletes a spread with its elements', () => {
    const doc = withNode(album(), 'r', 'Rectangle', 'p2', 'a0');
    const next = run(doc, deleteSpread(doc, 'p2'));
    expect(spreadIds(next)).toEqual(['coverSpread', 'p1', 'p3', 'q1', 'backSpread']);
    expect(next.nodes.r).toBeUndefined();
  });

  it('allows every action on a middle spread of a section with several spreads', () => {
    expect(spreadActions(album(), 'p2')).toEqual(Object.fromEntries(SPREAD_ACTIONS.map((a) => [a, null])));
  });
});

describe('forbidden spread actions', () => {
  it.each(SPREAD_ACTIONS)('static sections allow no %s', (action) => {
    expect(spreadActionBlocker(album(), 'coverSpread', action)).toBe('SECTION_STATIC');
    expect(spreadActionBlocker(album(), 'backSpread', action)).toBe('SECTION_STATIC');
  });

  it('cannot move the first spread of a section up', () => {
    expect(spreadActionBlocker(album(), 'p1', 'moveUp')).toBe('SPREAD_IS_FIRST');
    expect(() => moveSpread(album(), 'p1', 'up')).toThrow(
      expect.objectContaining({ code: 'SPREAD_IS_FIRST' }),
    );
  });

  it('cannot move the last spread of a section down, even when another section follows', () => {
    expect(spreadActionBlocker(album(), 'p3', 'moveDown')).toBe('SPREAD_IS_LAST');
    expect(() => moveSpread(album(), 'p3', 'down')).toThrow(
      expect.objectContaining({ code: 'SPREAD_IS_LAST' }),
    );
  });

  it('cannot move the only spread of a section at all', () => {
    expect(spreadActionBlocker(album(), 'q1', 'moveUp')).toBe('SPREAD_IS_FIRST');
    expect(spreadActionBlocker(album(), 'q1', 'moveDown')).toBe('SPREAD_IS_LAST');
  });

  it('cannot delete the only spread of a section', () => {
    expect(spreadActionBlocker(album(), 'q1', 'delete')).toBe('SECTION_HAS_ONE_SPREAD');
    expect(() => deleteSpread(album(), 'q1')).toThrow(
      expect.objectContaining({ code: 'SECTION_HAS_ONE_SPREAD' }),
    );
  });

  it('cannot delete the last page of the album', () => {
    // An album whose last spread lies in an editable section with several spreads.
    let doc = album();
    doc = run(doc, {
      patches: [
        { op: 'remove', path: '/nodes/backSpread' },
        { op: 'remove', path: '/nodes/back' },
      ],
    });
    doc = withNode(doc, 'q2', 'Spread', 's2', 'a1', {});
    expect(spreadActionBlocker(doc, 'q2', 'delete')).toBe('SPREAD_IS_LAST_PAGE');
    expect(spreadActionBlocker(doc, 'q1', 'delete')).toBeNull();
    expect(() => deleteSpread(doc, 'q2')).toThrow(expect.objectContaining({ code: 'SPREAD_IS_LAST_PAGE' }));
  });

  it('cannot delete when only one spread remains in the album', () => {
    let doc = smallAlbum();
    doc = run(doc, {
      patches: ['coverSpread', 'cover', 'backSpread', 'back'].map((id) => ({
        op: 'remove' as const,
        path: `/nodes/${id}`,
      })),
    });
    expect(spreadActionBlocker(doc, 'p1', 'delete')).toBe('SPREAD_ONLY_ONE_LEFT');
  });

  it('refuses to add a spread to a static section or without any editable section', () => {
    expect(() => appendSpread(album(), 'cover')).toThrow(expect.objectContaining({ code: 'SECTION_STATIC' }));
    let doc = smallAlbum();
    doc = run(doc, {
      patches: [
        { op: 'remove', path: '/nodes/p1' },
        { op: 'remove', path: '/nodes/s1' },
      ],
    });
    expect(() => appendSpread(doc)).toThrow(expect.objectContaining({ code: 'NO_EDITABLE_SECTION' }));
  });

  it('answers SPREAD_NOT_FOUND for anything that is not a spread', () => {
    expect(spreadActionBlocker(album(), 's1', 'delete')).toBe('SPREAD_NOT_FOUND');
  });
});
