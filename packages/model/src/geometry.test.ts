import { describe, expect, it } from 'vitest';
import {
  albumStatistics,
  elementsAtPoint,
  elementsInRect,
  hitTestNode,
  inlaySpreadsCount,
  nodeBoundsInSpread,
  pageBoxLabel,
  pageNumber,
  parsePageBox,
  rotatedBounds,
  spineWidthMm,
  spreadOrdinalAtY,
  spreadOriginMm,
  spreadsNeeded,
  totalPages,
} from './geometry.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';
import { smallAlbum, withNode } from './testing/test-support.ts';

describe('spine and statistics', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 0.2],
    [5, 0.3],
    [7, 0.6],
    // 0.14 x 5 x 10 is 7.000000000000001 in floating point; the spine must still be 0.7, not 0.8.
    [8, 0.7],
    [12, 1.3],
    [60, 8],
  ])('a %i-spread album has a spine of %f mm', (spreads, spine) => {
    // SPEC §9: ceil(0.14 x (spreads - 1 - 2) x 10) / 10, min 0
    expect(spineWidthMm(spreads)).toBe(spine);
  });

  it('counts inlay spreads as spreads minus the cover', () => {
    expect(inlaySpreadsCount(0)).toBe(0);
    expect(inlaySpreadsCount(60)).toBe(59);
  });

  it('asks for one more spread when the inlay is odd', () => {
    expect(spreadsNeeded(60)).toBe(1);
    expect(spreadsNeeded(61)).toBe(0);
  });

  it('reports the statistics of a document', () => {
    expect(albumStatistics(makeLargeAlbum())).toEqual({
      spreadsCount: 60,
      inlaySpreadsCount: 59,
      spreadsNeeded: 1,
      spine: 8,
    });
  });
});

describe('page box', () => {
  it('labels the first spread 2n+1, the last 2n and the others a-b', () => {
    expect([0, 1, 2, 3].map((n) => pageBoxLabel(n, 4))).toEqual(['1', '2-3', '4-5', '6']);
  });

  it.each([
    ['1', 0],
    ['2', 1],
    ['3', 1],
    ['4', 2],
    ['7', 3],
    [' 5 ', 2],
    ['4-5', 2],
  ])('reads %j as spread %i of 4', (input, ordinal) => {
    expect(parsePageBox(input, 4)).toBe(ordinal);
  });

  it.each(['0', '8', '-1', 'abc', '', '2.5', '1e1'])('rejects %j so the box resets', (input) => {
    expect(parsePageBox(input, 4)).toBeNull();
  });

  it('numbers pages: the front cover is 1, the back cover has none', () => {
    expect(pageNumber(0, 'right')).toBe(1);
    expect(pageNumber(0, 'left')).toBeNull();
    expect(pageNumber(2, 'left')).toBe(4);
    expect(pageNumber(2, 'right')).toBe(5);
    expect(totalPages(4)).toBe(6);
  });
});

describe('canvas layout', () => {
  it('stacks spreads with a 60 mm gap', () => {
    expect(spreadOriginMm(2)).toEqual({ x: 0, y: 2 * 357 });
    expect(spreadOrdinalAtY(400, 3)).toBe(1);
    expect(spreadOrdinalAtY(320, 3)).toBe(-1);
    expect(spreadOrdinalAtY(5000, 3)).toBe(-1);
  });
});

describe('bounds and hit testing', () => {
  it('computes the bounds of a rotated element', () => {
    const bounds = rotatedBounds({ x: 0, y: 0, width: 20, height: 10, rotation: 90, scale: 1 });
    expect(bounds.x).toBeCloseTo(5);
    expect(bounds.y).toBeCloseTo(-5);
    expect(bounds.width).toBeCloseTo(10);
    expect(bounds.height).toBeCloseTo(20);
  });

  it('hit-tests rotated elements exactly', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 20,
      height: 10,
      rotation: 90,
    });
    expect(hitTestNode(doc, 'r', { x: 10, y: -3 })).toBe(true);
    expect(hitTestNode(doc, 'r', { x: 1, y: 1 })).toBe(false);
    expect(hitTestNode(doc, 'r', { x: 4.5, y: 0 }, 1)).toBe(true);
  });

  it('returns the topmost element first, with alwaysOnTop above the rest', () => {
    let doc = withNode(smallAlbum(), 'low', 'Rectangle', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 50,
      height: 50,
      alwaysOnTop: true,
    });
    doc = withNode(doc, 'high', 'Rectangle', 'p1', 'a1', { x: 0, y: 0, width: 50, height: 50 });
    expect(elementsAtPoint(doc, 'p1', { x: 10, y: 10 }).map((n) => n.id)).toEqual(['low', 'high']);
  });

  it('hits a group through its children and measures it by them', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0', { x: 100, y: 100, width: 10, height: 10 });
    doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0', { x: 0, y: 0, width: 10, height: 10 });
    expect(elementsAtPoint(doc, 'p1', { x: 105, y: 105 }).map((n) => n.id)).toEqual(['g']);
    expect(nodeBoundsInSpread(doc, 'g')).toEqual({ x: 100, y: 100, width: 10, height: 10 });
  });

  it('selects by lasso rectangle, contained or intersecting', () => {
    let doc = withNode(smallAlbum(), 'a', 'Rectangle', 'p1', 'a0', { x: 0, y: 0, width: 10, height: 10 });
    doc = withNode(doc, 'b', 'Rectangle', 'p1', 'a1', { x: 15, y: 0, width: 10, height: 10 });
    const rect = { x: -1, y: -1, width: 20, height: 20 };
    expect(elementsInRect(doc, 'p1', rect, 'contain').map((n) => n.id)).toEqual(['a']);
    expect(elementsInRect(doc, 'p1', rect, 'intersect').map((n) => n.id)).toEqual(['a', 'b']);
  });
});
