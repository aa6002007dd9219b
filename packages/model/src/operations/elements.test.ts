import { describe, expect, it } from 'vitest';
import { childrenOf } from '../tree.ts';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import {
  bringToFront,
  deleteElements,
  duplicateElements,
  insertElement,
  insertElementTrees,
  moveToSpread,
  replaceElement,
  sendToBack,
  swapSiblings,
  updateElement,
  updateNodeProps,
} from './elements.ts';
import { SPREAD_GAP_MM } from '../constants.ts';
import { SPREAD_HEIGHT_MM } from '../document.ts';

const box = (x = 0, y = 0) => ({ x, y, width: 10, height: 10 });

function albumWithThree() {
  let doc = smallAlbum();
  doc = withNode(doc, 'a', 'Rectangle', 'p1', 'a0', box(0, 0));
  doc = withNode(doc, 'b', 'Circle', 'p1', 'a1', box(20, 0));
  doc = withNode(doc, 'c', 'Text', 'p1', 'a2', box(40, 0));
  return doc;
}
const order = (doc: ReturnType<typeof smallAlbum>, parent = 'p1') => childrenOf(doc, parent).map((n) => n.id);

describe('insertElement', () => {
  it('puts a new element on top of its siblings and selects it', () => {
    const doc = albumWithThree();
    const change = insertElement(doc, { parentId: 'p1', type: 'Rectangle', props: box() }, ids('new'));
    const next = run(doc, change);
    expect(order(next)).toEqual(['a', 'b', 'c', 'new1']);
    expect(change.selection).toEqual(['new1']);
  });

  it('inserts right after a given sibling', () => {
    const doc = albumWithThree();
    const next = run(
      doc,
      insertElement(doc, { parentId: 'p1', type: 'Line', props: box(), afterId: 'a' }, ids('n')),
    );
    expect(order(next)).toEqual(['a', 'n1', 'b', 'c']);
  });

  it('refuses invalid props, a section as parent and an empty group', () => {
    const doc = albumWithThree();
    expect(() =>
      insertElement(doc, { parentId: 'p1', type: 'Rectangle', props: { ...box(), opacity: 150 } }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PROPS' }));
    expect(() => insertElement(doc, { parentId: 's1', type: 'Rectangle', props: box() })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARENT' }),
    );
    expect(() => insertElementTrees(doc, 'p1', [{ type: 'Group', props: box() }])).toThrow(
      expect.objectContaining({ code: 'INVALID_PROPS' }),
    );
  });

  it('inserts a group with its children', () => {
    const doc = albumWithThree();
    const change = insertElementTrees(
      doc,
      'p1',
      [
        {
          type: 'Group',
          props: box(),
          children: [
            { type: 'Rectangle', props: box() },
            { type: 'Circle', props: box(5, 5) },
          ],
        },
      ],
      ids('g'),
    );
    const next = run(doc, change);
    expect(order(next, 'g1')).toEqual(['g2', 'g3']);
  });
});

describe('updateElement', () => {
  it('adds, replaces and removes props', () => {
    const doc = albumWithThree();
    const next = run(doc, updateElement(doc, 'a', { x: 5, fill: 2, y: 0 }));
    expect(next.nodes.a.props).toEqual({ x: 5, y: 0, width: 10, height: 10, fill: 2 });
    const cleared = run(next, updateElement(next, 'a', { fill: undefined }));
    expect(cleared.nodes.a.props.fill).toBeUndefined();
  });

  it('makes no patch for an unchanged value', () => {
    expect(updateElement(albumWithThree(), 'a', { x: 0 }).patches).toEqual([]);
  });

  it('refuses out-of-range values and unknown props', () => {
    const doc = albumWithThree();
    expect(() => updateElement(doc, 'a', { strokeWidth: 101 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PROPS' }),
    );
    expect(() => updateElement(doc, 'a', { madeUp: 1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PROPS' }),
    );
    expect(() => updateElement(doc, 'a', { x: undefined })).toThrow(
      expect.objectContaining({ code: 'INVALID_PROPS' }),
    );
  });

  it('refuses to edit the text of an automatic text', () => {
    const doc = withNode(smallAlbum(), 't', 'Text', 'p1', 'a0', { ...box(), symbol: 'pagenum' });
    expect(() => updateElement(doc, 't', { text: { blocks: [] } })).toThrow(
      expect.objectContaining({ code: 'AUTOMATIC_TEXT_READ_ONLY' }),
    );
    expect(updateElement(doc, 't', { x: 3 }).patches).toHaveLength(1);
  });

  it('refuses nodes that are not elements, while updateNodeProps edits a spread fill', () => {
    const doc = albumWithThree();
    expect(() => updateElement(doc, 'p1', { fill: 1 })).toThrow(
      expect.objectContaining({ code: 'NOT_AN_ELEMENT' }),
    );
    expect(run(doc, updateNodeProps(doc, 'p1', { fill: 1 })).nodes.p1.props.fill).toBe(1);
  });
});

describe('replaceElement', () => {
  it('replaces all props at once, keeping parent and order', () => {
    const doc = albumWithThree();
    const next = run(doc, replaceElement(doc, 'b', { x: 1, y: 1, width: 5, height: 5, image: 'img1' }));
    expect(next.nodes.b.props).toEqual({ x: 1, y: 1, width: 5, height: 5, image: 'img1' });
    expect(order(next)).toEqual(['a', 'b', 'c']);
  });
});

describe('deleteElements', () => {
  it('deletes elements and their descendants', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0', box());
    doc = withNode(doc, 'g1', 'Rectangle', 'g', 'a0');
    doc = withNode(doc, 'g2', 'Rectangle', 'g', 'a1');
    doc = withNode(doc, 'other', 'Rectangle', 'p1', 'a1');
    const next = run(doc, deleteElements(doc, ['g']));
    expect(Object.keys(next.nodes)).not.toContain('g1');
    expect(order(next)).toEqual(['other']);
  });

  it('deletes a group whose last children are deleted, since groups must have children', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0', box());
    doc = withNode(doc, 'g1', 'Rectangle', 'g', 'a0');
    doc = withNode(doc, 'g2', 'Rectangle', 'g', 'a1');
    expect(order(run(doc, deleteElements(doc, ['g1', 'g2'])))).toEqual([]);
    expect(order(run(doc, deleteElements(doc, ['g1'])), 'g')).toEqual(['g2']);
  });

  it('leaves the sticker of a deleted cell unplaced but existing', () => {
    let doc = withNode(smallAlbum(), 'cell', 'StickerCell', 'p1', 'a0', { ...box(), stickerId: 'st' });
    doc = {
      ...doc,
      stickers: { st: { id: 'st', name: 'A', position: '', doubleSticker: false, sectionId: 's1' } },
    };
    const next = run(doc, deleteElements(doc, ['cell']));
    expect(next.stickers.st).toBeDefined();
  });

  it('refuses to delete spreads or sections through element deletion', () => {
    expect(() => deleteElements(smallAlbum(), ['p1'])).toThrow(
      expect.objectContaining({ code: 'NOT_AN_ELEMENT' }),
    );
  });
});

describe('swapSiblings', () => {
  it('swaps the order of two siblings', () => {
    const doc = albumWithThree();
    expect(order(run(doc, swapSiblings(doc, 'a', 'c')))).toEqual(['c', 'b', 'a']);
  });

  it('refuses elements of different parents', () => {
    const doc = withNode(albumWithThree(), 'z', 'Rectangle', 'coverSpread', 'a0');
    expect(() => swapSiblings(doc, 'a', 'z')).toThrow(expect.objectContaining({ code: 'NOT_SIBLINGS' }));
  });
});

describe('bringToFront and sendToBack', () => {
  it('brings a selection to the front keeping its relative order', () => {
    const doc = withNode(albumWithThree(), 'd', 'Rectangle', 'p1', 'a3');
    expect(order(run(doc, bringToFront(doc, ['b', 'a'])))).toEqual(['c', 'd', 'a', 'b']);
  });

  it('sends a selection to the back keeping its relative order', () => {
    const doc = withNode(albumWithThree(), 'd', 'Rectangle', 'p1', 'a3');
    expect(order(run(doc, sendToBack(doc, ['d', 'c'])))).toEqual(['c', 'd', 'a', 'b']);
  });

  it('makes no patch when the selection already is at the front', () => {
    expect(bringToFront(albumWithThree(), ['c']).patches).toEqual([]);
    expect(sendToBack(albumWithThree(), ['a']).patches).toEqual([]);
  });
});

describe('moveToSpread', () => {
  it('re-parents onto another spread keeping the absolute canvas position', () => {
    const doc = albumWithThree();
    const next = run(doc, moveToSpread(doc, ['b'], 'coverSpread'));
    expect(next.nodes.b.parentId).toBe('coverSpread');
    // p1 is one spread below the cover: the element moves down by one spread pitch in the cover's coordinates.
    expect(next.nodes.b.props).toMatchObject({ x: 20, y: SPREAD_HEIGHT_MM + SPREAD_GAP_MM });
    expect(order(next, 'coverSpread')).toEqual(['b']);
  });

  it('takes an element out of a rotated group without moving it on the page', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'coverSpread', 'a0', {
      x: 100,
      y: 100,
      width: 20,
      height: 20,
      rotation: 90,
    });
    doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0', { x: 0, y: 0, width: 10, height: 10 });
    doc = withNode(doc, 'k2', 'Rectangle', 'g', 'a1', { x: 10, y: 10, width: 10, height: 10 });
    const next = run(doc, moveToSpread(doc, ['k'], 'p1'));
    // Rotating the 20x20 group by 90° about its centre (110, 110) takes k's centre (105, 105) to (115, 105).
    expect(next.nodes.k.props.x).toBeCloseTo(110);
    expect(next.nodes.k.props.y).toBeCloseTo(100 - SPREAD_HEIGHT_MM - SPREAD_GAP_MM);
    expect(next.nodes.k.props.rotation).toBeCloseTo(90);
  });

  it('deletes a group emptied by the move', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'coverSpread', 'a0', box());
    doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0');
    const next = run(doc, moveToSpread(doc, ['k'], 'p1'));
    expect(next.nodes.g).toBeUndefined();
  });

  it('does nothing for elements already on the target spread', () => {
    expect(moveToSpread(albumWithThree(), ['a'], 'p1').patches).toEqual([]);
  });
});

describe('duplicateElements', () => {
  it('copies with fresh ids, offset by +10/+10, right above the original', () => {
    const doc = albumWithThree();
    const change = duplicateElements(doc, ['a'], ids('copy'));
    const next = run(doc, change);
    expect(order(next)).toEqual(['a', 'copy1', 'b', 'c']);
    expect(next.nodes.copy1.props).toEqual({ x: 10, y: 10, width: 10, height: 10 });
    expect(change.selection).toEqual(['copy1']);
  });

  it('copies a group with its children and offsets only the group', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0', box(5, 5));
    doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0', box(1, 1));
    const next = run(doc, duplicateElements(doc, ['g', 'k'], ids('d')));
    expect(next.nodes.d1.props).toMatchObject({ x: 15, y: 15 });
    expect(next.nodes.d2).toMatchObject({ parentId: 'd1', props: { x: 1, y: 1 } });
  });

  it('leaves copied sticker cells empty', () => {
    let doc = withNode(smallAlbum(), 'cell', 'StickerCell', 'p1', 'a0', { ...box(), stickerId: 'st' });
    doc = {
      ...doc,
      stickers: { st: { id: 'st', name: 'A', position: '', doubleSticker: false, sectionId: 's1' } },
    };
    const next = run(doc, duplicateElements(doc, ['cell'], ids('d')));
    expect(next.nodes.d1.props.stickerId).toBeUndefined();
    expect(next.nodes.cell.props.stickerId).toBe('st');
  });
});
