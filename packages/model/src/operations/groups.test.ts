import { describe, expect, it } from 'vitest';
import { nodeBoundsInSpread } from '../geometry.ts';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import { childrenOf } from '../tree.ts';
import { groupElements, ungroupElement, ungroupElements } from './groups.ts';

function threeShapes() {
  let doc = smallAlbum();
  doc = withNode(doc, 'a', 'Rectangle', 'p1', 'a0', { x: 10, y: 20, width: 10, height: 10 });
  doc = withNode(doc, 'b', 'Circle', 'p1', 'a1', { x: 50, y: 60, width: 20, height: 20, rotation: 45 });
  doc = withNode(doc, 'c', 'Text', 'p1', 'a2', { x: 100, y: 100, width: 10, height: 10 });
  return doc;
}

describe('groupElements', () => {
  it('wraps siblings in a group at the place of the topmost one, without moving them on the page', () => {
    const doc = threeShapes();
    const before = ['a', 'b'].map((id) => nodeBoundsInSpread(doc, id));
    const change = groupElements(doc, ['b', 'a'], ids('g'));
    const next = run(doc, change);
    expect(change.selection).toEqual(['g1']);
    expect(childrenOf(next, 'p1').map((n) => n.id)).toEqual(['g1', 'c']);
    expect(childrenOf(next, 'g1').map((n) => n.id)).toEqual(['a', 'b']);
    const after = ['a', 'b'].map((id) => nodeBoundsInSpread(next, id));
    after.forEach((bounds, i) => {
      expect(bounds.x).toBeCloseTo(before[i].x);
      expect(bounds.y).toBeCloseTo(before[i].y);
    });
    expect(next.nodes.g1.props).toMatchObject({ x: 10, y: 20 });
  });

  it('refuses elements with different parents and an empty selection', () => {
    const doc = withNode(threeShapes(), 'z', 'Rectangle', 'coverSpread', 'a0');
    expect(() => groupElements(doc, ['a', 'z'])).toThrow(expect.objectContaining({ code: 'NOT_SIBLINGS' }));
    expect(() => groupElements(doc, [])).toThrow(expect.objectContaining({ code: 'NOTHING_SELECTED' }));
  });
});

describe('ungroupElement', () => {
  it('is undone by regrouping: children return to the parent at the group place', () => {
    const doc = threeShapes();
    const grouped = run(doc, groupElements(doc, ['a', 'b'], ids('g')));
    const change = ungroupElement(grouped, 'g1');
    const next = run(grouped, change);
    expect(childrenOf(next, 'p1').map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(next.nodes.a.props).toMatchObject({ x: 10, y: 20 });
    expect(next.nodes.b.props).toMatchObject({ x: 50, y: 60, rotation: 45 });
    expect(change.selection).toEqual(['a', 'b']);
  });

  it('folds the rotation of the group into its children', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 20,
      height: 20,
      rotation: 180,
    });
    doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0', { x: 0, y: 0, width: 10, height: 10 });
    const next = run(doc, ungroupElement(doc, 'g'));
    expect(next.nodes.k.props.x).toBeCloseTo(10);
    expect(next.nodes.k.props.y).toBeCloseTo(10);
    expect(Math.abs(next.nodes.k.props.rotation as number)).toBeCloseTo(180);
  });

  it('refuses a node that is not a group, and ungroupElements skips non-groups', () => {
    const doc = threeShapes();
    expect(() => ungroupElement(doc, 'a')).toThrow(expect.objectContaining({ code: 'NOT_A_GROUP' }));
    expect(ungroupElements(doc, ['a']).patches).toEqual([]);
  });
});
