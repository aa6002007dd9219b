import { describe, expect, it } from 'vitest';
import { applyPatches, type AlbumDocument, type DocNode, type Patch } from '@stickerbook/model';
import { elementTransform } from '../../../render/transform.ts';
import { BACK, blankDoc, withElements, withGroup } from '../../test-support.ts';
import { MovePrepaint, movedNodes } from './movePrepaint.ts';

const base = withElements(blankDoc(), [
  { id: 'a', x: 10, y: 20 },
  { id: 'b', x: 40, y: 20, rotation: 30 },
  { id: 'c', x: 70, y: 20 },
]);

/** `doc` with node `id`'s props changed, as an immutable change makes it. */
function withProps(doc: AlbumDocument, id: string, props: Record<string, unknown>): AlbumDocument {
  const node = doc.nodes[id];
  return { ...doc, nodes: { ...doc.nodes, [id]: { ...node, props: { ...node.props, ...props } } } };
}

function withNode(doc: AlbumDocument, id: string, change: Partial<DocNode>): AlbumDocument {
  return { ...doc, nodes: { ...doc.nodes, [id]: { ...doc.nodes[id], ...change } } };
}

/** The canvas's DOM as far as the prepaint sees it: one frame per element, with React's transform. */
function worldFor(doc: AlbumDocument): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const node of Object.values(doc.nodes)) {
    if (node.parentId === null || node.type === 'Spread' || node.type === 'Section') continue;
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.setAttribute('data-node-id', node.id);
    g.setAttribute('transform', elementTransform(node.props as never));
    svg.append(g);
  }
  return svg;
}

const transformOf = (world: Element, id: string) =>
  world.querySelector(`g[data-node-id="${id}"]`)?.getAttribute('transform');

describe('movedNodes', () => {
  it('finds the nodes whose x and y alone changed', () => {
    const next = withProps(withProps(base, 'a', { x: 15 }), 'b', { y: 25 });
    expect([...movedNodes(base, next)!.keys()].sort()).toEqual(['a', 'b']);
    expect(movedNodes(base, base)!.size).toBe(0);
  });

  it('is null for any other change: a prop, the parent, the order, a node added or removed, the settings', () => {
    expect(movedNodes(base, withProps(base, 'a', { x: 15, width: 11 }))).toBeNull();
    expect(movedNodes(base, withProps(base, 'a', { opacity: 50 }))).toBeNull();
    expect(movedNodes(base, withNode(base, 'a', { parentId: BACK }))).toBeNull();
    expect(movedNodes(base, withNode(base, 'a', { index: 'zz' }))).toBeNull();
    expect(movedNodes(base, withElements(base, [{ id: 'd', x: 0, y: 0 }]))).toBeNull();
    const { c: _removed, ...rest } = base.nodes;
    expect(movedNodes(base, { ...base, nodes: rest })).toBeNull();
    expect(movedNodes(base, { ...base, settings: { ...base.settings } })).toBeNull();
  });

  it('answers the same from the keys a patch list touched as from comparing every node', () => {
    const patched = (doc: AlbumDocument, ...patches: Patch[]) => applyPatches(doc, patches);
    const x = (id: string, value: number): Patch => ({ op: 'replace', path: `/nodes/${id}/props/x`, value });
    const moved = patched(base, x('a', 15), { op: 'replace', path: '/nodes/b/props/y', value: 25 });
    expect([...movedNodes(base, moved)!.keys()].sort()).toEqual(['a', 'b']);
    expect(
      movedNodes(base, patched(base, { op: 'replace', path: '/nodes/a/props/width', value: 11 })),
    ).toBeNull();
    expect(
      movedNodes(base, patched(base, { op: 'replace', path: '/nodes/a/parentId', value: BACK })),
    ).toBeNull();
    expect(movedNodes(base, patched(base, { op: 'remove', path: '/nodes/c' }))).toBeNull();
    const added = withElements(base, [{ id: 'd', x: 0, y: 0 }]);
    expect(movedNodes(base, patched(base, { op: 'add', path: '/nodes/d', value: added.nodes.d }))).toBeNull();
    // Two lists on from the drawn document (an undo and a redo before the render): every node is compared.
    const twice = patched(moved, { op: 'add', path: '/nodes/c/props/opacity', value: 50 });
    expect(movedNodes(base, twice)).toBeNull();
    expect([...movedNodes(base, patched(moved, x('c', 75)))!.keys()].sort()).toEqual(['a', 'b', 'c']);
  });

  it('moves a group with its children as one node', () => {
    const grouped = withGroup(base, ['a', 'c'], 'g');
    const next = withProps(grouped, 'g', { x: (grouped.nodes.g.props.x as number) + 5 });
    expect([...movedNodes(grouped, next)!.keys()]).toEqual(['g']);
  });

  it('is null when a moved sticker cell takes another number, and not when the numbers stay', () => {
    let doc = withElements(base, [
      { id: 'cell1', type: 'StickerCell', x: 10, y: 100, width: 50, height: 70 },
      { id: 'cell2', type: 'StickerCell', x: 80, y: 100, width: 50, height: 70 },
    ]);
    doc = {
      ...doc,
      stickers: {
        s1: { id: 's1', name: 'One', position: '', doubleSticker: false, sectionId: 'n3' },
        s2: { id: 's2', name: 'Two', position: '', doubleSticker: false, sectionId: 'n3' },
      },
    };
    doc = withProps(withProps(doc, 'cell1', { stickerId: 's1' }), 'cell2', { stickerId: 's2' });
    // A little up: cell1 is still read first.
    expect(movedNodes(doc, withProps(doc, 'cell1', { y: 98 }))!.size).toBe(1);
    // Below cell2: the numbers swap, so the cells' labels must render with the move.
    expect(movedNodes(doc, withProps(doc, 'cell1', { y: 180 }))).toBeNull();
  });
});

describe('MovePrepaint', () => {
  it('writes the moved frames’ transforms at once, as ElementFrame renders them', () => {
    const world = worldFor(base);
    const prepaint = new MovePrepaint(base, () => world);
    const next = withProps(withProps(base, 'a', { x: 15 }), 'b', { y: 25 });
    prepaint.change(next, false);
    expect(transformOf(world, 'a')).toBe(elementTransform(next.nodes.a.props as never));
    expect(transformOf(world, 'b')).toBe('translate(40 25) rotate(30 5 5)');
    expect(transformOf(world, 'c')).toBe('translate(70 20)');
    // The canvas keeps drawing the document it drew until its deferred render, then draws the new one.
    expect(prepaint.drawn(next, base)).toBe(base);
    expect(prepaint.drawn(next, next)).toBe(next);
  });

  it('leaves a change that is not a move, or any change during a drag, to the canvas’s render', () => {
    const world = worldFor(base);
    const prepaint = new MovePrepaint(base, () => world);
    const resized = withProps(base, 'a', { x: 15, width: 20 });
    prepaint.change(resized, false);
    expect(transformOf(world, 'a')).toBe('translate(10 20)');
    expect(prepaint.drawn(resized, base)).toBe(resized);
    const moved = withProps(base, 'a', { x: 15 });
    prepaint.change(moved, true);
    expect(transformOf(world, 'a')).toBe('translate(10 20)');
    expect(prepaint.drawn(moved, base)).toBe(moved);
    // A re-parented element (a move to another spread) renders with the change.
    const reparented = withNode(moved, 'a', { parentId: BACK });
    prepaint.change(reparented, false);
    expect(transformOf(world, 'a')).toBe('translate(10 20)');
    expect(prepaint.drawn(reparented, base)).toBe(reparented);
  });

  it('puts an element back when a later move before the render returns it to where the canvas drew it', () => {
    const world = worldFor(base);
    const prepaint = new MovePrepaint(base, () => world);
    const undone = withProps(base, 'a', { x: 15 });
    prepaint.change(undone, false);
    // A redo before the deferred render: React would see a's props unchanged and not touch its frame.
    const redone = withProps(undone, 'a', { x: 10 });
    prepaint.change(redone, false);
    expect(transformOf(world, 'a')).toBe('translate(10 20)');
    expect(prepaint.drawn(redone, base)).toBe(base);
  });

  it('gives the written frames the committed document’s transforms, whatever came between', () => {
    const world = worldFor(base);
    const prepaint = new MovePrepaint(base, () => world);
    const undone = withProps(base, 'a', { x: 15 });
    prepaint.change(undone, false);
    // A collaborator's change that is not a move arrives before the deferred render; it renders at once.
    const remote = withProps(withProps(undone, 'a', { x: 10 }), 'c', { width: 20 });
    prepaint.change(remote, false);
    expect(prepaint.drawn(remote, base)).toBe(remote);
    // React leaves a's frame as it last rendered it (x 10): the commit must undo the write of x 15.
    prepaint.committed(remote);
    expect(transformOf(world, 'a')).toBe('translate(10 20)');
    // After the commit, moves are measured from the committed document.
    const next = withProps(remote, 'c', { x: 90 });
    prepaint.change(next, false);
    expect(transformOf(world, 'c')).toBe('translate(90 20)');
    expect(prepaint.drawn(next, remote)).toBe(remote);
  });
});
