import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT_Y, withElements, withGroup } from '../test-support.ts';
import { hitTest } from './hitTest.ts';

const y = (spreadY: number) => CONTENT_Y + spreadY;

describe('hit testing', () => {
  it('hits a rotated element inside its turned box and misses its empty bounding-box corner', () => {
    const doc = withElements(blankDoc(), [{ id: 'r', x: 100, y: 100, width: 100, height: 10, rotation: 45 }]);
    // Centre (150, 105) is inside; the unrotated box's corner (101, 101) lies outside the turned shape.
    expect(hitTest(doc, { x: 150, y: y(105) })).toBe('r');
    expect(hitTest(doc, { x: 101, y: y(101) })).toBeUndefined();
    // Along the 45° diagonal from the centre, 40 mm out, is still on the bar.
    expect(hitTest(doc, { x: 150 + 28, y: y(105 + 28) })).toBe('r');
  });

  it('selects the group when one of its children is clicked, and the child in isolation mode', () => {
    let doc = withElements(blankDoc(), [
      { id: 'a', x: 10, y: 10 },
      { id: 'b', x: 50, y: 10 },
    ]);
    doc = withGroup(doc, ['a', 'b'], 'g');
    expect(hitTest(doc, { x: 55, y: y(15) })).toBe('g');
    expect(hitTest(doc, { x: 55, y: y(15) }, { isolatedGroupId: 'g' })).toBe('b');
    // The gap between the children belongs to neither.
    expect(hitTest(doc, { x: 35, y: y(15) })).toBeUndefined();
  });

  it('lets clicks fall through locked elements', () => {
    const doc = withElements(blankDoc(), [
      { id: 'below', x: 10, y: 10, width: 50, height: 50 },
      { id: 'lockedTop', x: 10, y: 10, width: 50, height: 50, locked: true },
    ]);
    expect(hitTest(doc, { x: 20, y: y(20) })).toBe('below');
  });

  it('gives alwaysOnTop elements priority over later siblings', () => {
    const doc = withElements(blankDoc(), [
      { id: 'pinned', x: 10, y: 10, width: 50, height: 50, alwaysOnTop: true },
      { id: 'later', x: 10, y: 10, width: 50, height: 50 },
    ]);
    expect(hitTest(doc, { x: 20, y: y(20) })).toBe('pinned');
  });

  it('grabs a thin line within the tolerance', () => {
    const doc = withElements(blankDoc(), [{ id: 'line', type: 'Line', x: 10, y: 10, width: 100, height: 1 }]);
    expect(hitTest(doc, { x: 50, y: y(13) })).toBeUndefined();
    expect(hitTest(doc, { x: 50, y: y(13) }, { tolerance: 3 })).toBe('line');
  });
});
