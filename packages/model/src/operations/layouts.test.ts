import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from '../document.ts';
import { ModelError } from '../errors.ts';
import { numberStickers, stickerNumberLabel } from '../numbering.ts';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import { childrenOf, descendantsOf, spreadsInOrder } from '../tree.ts';
import {
  applyLayout,
  createSpreadFromLayout,
  insertableLayouts,
  layoutSlots,
  layoutsOf,
  spreadHasContent,
} from './layouts.ts';
import { moveSpread } from './spreads.ts';

const cell = (x: number, y: number, width = 50) => ({ x, y, width, height: 70, sectionId: 'bpSection' });

/**
 * A blueprint: cover, a content spread with a title, three single cells (the third on the right page), one double
 * cell in a group and a background image, and a back cover.
 */
function blueprint(): AlbumDocument {
  let doc = smallAlbum();
  doc = withNode(doc, 'title', 'Text', 'p1', 'a0', {
    x: 10,
    y: 10,
    width: 100,
    height: 20,
    symbol: 'section',
  });
  doc = withNode(doc, 'bg', 'Image', 'p1', 'Zz', { x: 0, y: 0, width: 460, height: 297 });
  doc = withNode(doc, 'c3', 'StickerCell', 'p1', 'a1', cell(260, 40));
  doc = withNode(doc, 'c1', 'StickerCell', 'p1', 'a2', cell(10, 40));
  doc = withNode(doc, 'c2', 'StickerCell', 'p1', 'a3', cell(70, 40));
  doc = withNode(doc, 'g', 'Group', 'p1', 'a4', { x: 0, y: 150, width: 100, height: 70 });
  doc = withNode(doc, 'cd', 'StickerCell', 'g', 'a0', cell(10, 0, 100));
  doc = { ...doc, nodes: { ...doc.nodes, p1: { ...doc.nodes.p1, props: { fill: 3 } } } };
  return doc;
}

/** The target album: cover | s1: p1 (one rectangle, a placed sticker) p2 | back, with two existing stickers. */
function album(): AlbumDocument {
  let doc = smallAlbum();
  doc = withNode(doc, 'p2', 'Spread', 's1', 'a1', {});
  doc = withNode(doc, 'old', 'Rectangle', 'p1', 'a0');
  doc = withNode(doc, 'oldCell', 'StickerCell', 'p1', 'a1', {
    x: 0,
    y: 0,
    width: 50,
    height: 70,
    stickerId: 'kept',
  });
  return {
    ...doc,
    stickers: {
      kept: { id: 'kept', name: 'Kept', position: '', doubleSticker: false, sectionId: 's1' },
      team: { id: 'team', name: 'Team', position: '', doubleSticker: true, sectionId: 's1' },
    },
  };
}

const contentLayout = () => insertableLayouts(layoutsOf(blueprint()))[0];

describe('layouts of a blueprint', () => {
  it('offers every spread but the first and last (the covers)', () => {
    expect(layoutsOf(blueprint()).map((layout) => layout.id)).toEqual(['coverSpread', 'p1', 'backSpread']);
    expect(insertableLayouts(layoutsOf(blueprint())).map((layout) => layout.id)).toEqual(['p1']);
  });

  it('counts sticker cells as sticker slots and images as background slots, inside groups too', () => {
    expect(layoutSlots(contentLayout())).toEqual({ stickers: 4, backgrounds: 1 });
  });
});

describe('applyLayout', () => {
  it('replaces the content of a spread, keeps invariants and has an exact inverse', () => {
    const doc = album();
    const next = run(doc, applyLayout(doc, 'p1', contentLayout(), ids('n')));
    const types = descendantsOf(next, 'p1').map((node) => node.type);
    expect(types.sort()).toEqual([
      'Group',
      'Image',
      'StickerCell',
      'StickerCell',
      'StickerCell',
      'StickerCell',
      'Text',
    ]);
    expect(next.nodes.old).toBeUndefined();
    expect(next.nodes.p1.props.fill).toBe(3);
    // The sticker that sat in a removed cell is unplaced, not deleted.
    expect(next.stickers.kept).toBeDefined();
    expect(stickerNumberLabel(next, 'kept')).toBe('');
  });

  it('puts the cells into the spread’s section, not the blueprint’s', () => {
    const doc = album();
    const next = run(doc, applyLayout(doc, 'p2', contentLayout(), ids('n')));
    const cells = descendantsOf(next, 'p2').filter((node) => node.type === 'StickerCell');
    expect(cells.map((c) => c.props.sectionId)).toEqual(['s1', 's1', 's1', 's1']);
  });

  it('fills sticker slots in reading order, a double sticker in the double cell', () => {
    const doc = album();
    const next = run(
      doc,
      applyLayout(doc, 'p2', contentLayout(), ids('n'), { stickerIds: ['kept', 'team'] }),
    );
    // 'kept' takes the first single cell on the left page; 'team' the double cell, below it.
    expect(stickerNumberLabel(next, 'kept')).toBe('1');
    expect(stickerNumberLabel(next, 'team')).toBe('2-3');
    const teamCell = Object.values(next.nodes).find((node) => node.props.stickerId === 'team')!;
    expect(teamCell.props.width).toBe(100);
  });

  it('places background images into the image slots', () => {
    const doc = album();
    const next = run(
      doc,
      applyLayout(doc, 'p2', contentLayout(), ids('n'), { backgroundImageIds: ['img1', 'extra'] }),
    );
    const images = descendantsOf(next, 'p2').filter((node) => node.type === 'Image');
    expect(images.map((image) => image.props.image)).toEqual(['img1']);
  });

  it('refuses anything that is not a spread and changes nothing', () => {
    expect(() => applyLayout(album(), 's1', contentLayout())).toThrow(ModelError);
  });

  it('tells whether a drop would destroy content', () => {
    expect(spreadHasContent(album(), 'p1')).toBe(true);
    expect(spreadHasContent(album(), 'p2')).toBe(false);
  });
});

describe('createSpreadFromLayout', () => {
  it('adds the spread after the given one, creates and places the new stickers, in one change', () => {
    const doc = album();
    const change = createSpreadFromLayout(doc, { afterSpreadId: 'p1' }, contentLayout(), ids('n'), {
      newStickers: [
        { name: 'Anna', position: '', doubleSticker: false },
        { name: 'Ben', position: '', doubleSticker: false },
      ],
    });
    const next = run(doc, change);
    const spreadId = change.selection[0];
    expect(spreadsInOrder(next).map((s) => s.id)).toEqual([
      'coverSpread',
      'p1',
      spreadId,
      'p2',
      'backSpread',
    ]);
    const created = Object.values(next.stickers).filter((s) => s.name === 'Anna' || s.name === 'Ben');
    expect(created.map((s) => s.sectionId)).toEqual(['s1', 's1']);
    expect(created.map((s) => stickerNumberLabel(next, s.id))).toEqual(['2', '3']);
    expect(childrenOf(next, spreadId).length).toBe(6);
  });

  it('appends to the last editable section without a target, and says so when there is none', () => {
    const doc = album();
    const change = createSpreadFromLayout(doc, {}, contentLayout(), ids('n'));
    expect(spreadsInOrder(run(doc, change)).at(-2)?.id).toBe(change.selection[0]);
    let onlyStatic = smallAlbum();
    onlyStatic = {
      ...onlyStatic,
      nodes: Object.fromEntries(
        Object.entries(onlyStatic.nodes).filter(([id]) => id !== 's1' && id !== 'p1'),
      ),
    };
    expect(() => createSpreadFromLayout(onlyStatic, {}, contentLayout())).toThrow(
      expect.objectContaining({ code: 'NO_EDITABLE_SECTION' }),
    );
  });

  it('refuses to insert into a static section', () => {
    expect(() => createSpreadFromLayout(album(), { afterSpreadId: 'coverSpread' }, contentLayout())).toThrow(
      expect.objectContaining({ code: 'SECTION_STATIC' }),
    );
  });

  it('numbers follow when the new spread moves', () => {
    const doc = album();
    const change = createSpreadFromLayout(doc, { afterSpreadId: 'p1' }, contentLayout(), ids('n'), {
      newStickers: [{ name: 'Anna', position: '', doubleSticker: false }],
    });
    let next = run(doc, change);
    const other = run(next, applyLayout(next, 'p2', contentLayout(), ids('m'), { stickerIds: ['kept'] }));
    expect(numberStickers(other).total).toBe(2);
    const anna = Object.values(other.stickers).find((s) => s.name === 'Anna')!;
    expect(stickerNumberLabel(other, anna.id)).toBe('1');
    next = run(other, moveSpread(other, change.selection[0], 'down'));
    expect(stickerNumberLabel(next, anna.id)).toBe('2');
    expect(stickerNumberLabel(next, 'kept')).toBe('1');
  });
});
