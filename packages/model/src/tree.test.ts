import { describe, expect, it } from 'vitest';
import { createBlankAlbum } from './blank-album.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';
import { applyPatches, applyPatchesWithInverse, type Patch } from './patches.ts';
import { seededRandom } from './random.ts';
import { randomMutation } from './testing/random-mutations.ts';
import type { AlbumDocument } from './document.ts';
import { smallAlbum, withNode } from './testing/test-support.ts';
import {
  ancestorsOf,
  buildTree,
  checkInvariants,
  childrenOf,
  descendantsOf,
  sectionOf,
  spreadOf,
  treeIndex,
  type TreeIndex,
} from './tree.ts';

const codes = (doc: Parameters<typeof checkInvariants>[0]) => checkInvariants(doc).map((v) => v.code);

describe('derived tree', () => {
  it('orders children by fractional index, by code unit and not by locale', () => {
    let doc = withNode(smallAlbum(), 'x', 'Rectangle', 'p1', 'a1');
    doc = withNode(doc, 'y', 'Rectangle', 'p1', 'a0V');
    doc = withNode(doc, 'z', 'Rectangle', 'p1', 'Zz');
    expect(childrenOf(doc, 'p1').map((n) => n.id)).toEqual(['z', 'y', 'x']);
  });

  it('finds ancestors, descendants, spread and section of a node', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0');
    doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0');
    expect(ancestorsOf(doc, 'k').map((n) => n.id)).toEqual(['g', 'p1', 's1', 'root']);
    expect(descendantsOf(doc, 's1').map((n) => n.id)).toEqual(['p1', 'g', 'k']);
    expect(spreadOf(doc, 'k')?.id).toBe('p1');
    expect(sectionOf(doc, 'k')?.id).toBe('s1');
    expect(buildTree(doc)?.children.map((c) => c.node.id)).toEqual(['cover', 's1', 'back']);
  });
});

describe('derived tree after a patch', () => {
  /** The index as ids, and whether every node in it is one of the document's own objects. */
  const shape = (index: TreeIndex, doc: AlbumDocument) => {
    const lists = [...index.children.values(), index.sections, index.spreads];
    const objects = new Set(Object.values(doc.nodes));
    return {
      children: [...index.children].map(([parent, nodes]) => [parent, nodes.map((n) => n.id)]).sort(),
      sections: index.sections.map((n) => n.id),
      spreads: index.spreads.map((n) => n.id),
      ordinals: [...index.spreadOrdinal].sort(),
      current: lists.every((nodes) => nodes.every((n) => objects.has(n))),
    };
  };
  /** What treeIndex builds from scratch: the same nodes under a map it has never seen. */
  const rebuilt = (doc: AlbumDocument) => treeIndex({ ...doc, nodes: { ...doc.nodes } });

  it('carries the index over every kind of edit and equals a rebuild from scratch', () => {
    const random = seededRandom(23);
    let doc = makeLargeAlbum({ spreads: 6, stickers: 24, otherElements: 40 });
    let carried = 0;
    for (let i = 0; i < 600; i++) {
      treeIndex(doc);
      const patches = randomMutation(doc, random) as Patch[];
      let next: AlbumDocument;
      try {
        next = i % 2 === 0 ? applyPatches(doc, patches) : applyPatchesWithInverse(doc, patches).doc;
      } catch {
        continue;
      }
      const index = treeIndex(next);
      expect(shape(index, next), JSON.stringify(patches)).toEqual({
        ...shape(rebuilt(next), next),
        current: true,
      });
      if (next.nodes !== doc.nodes) carried++;
      doc = next;
    }
    expect(carried).toBeGreaterThan(200);
  }, 30_000);

  it('moves an element to another spread in both sibling lists, in index order', () => {
    const doc = withNode(withNode(smallAlbum(), 'x', 'Rectangle', 'p1', 'a1'), 'y', 'Rectangle', 'p1', 'a2');
    expect(childrenOf(doc, 'p1').map((n) => n.id)).toEqual(['x', 'y']);
    const spreads = Object.values(doc.nodes).filter((n) => n.type === 'Spread' && n.id !== 'p1');
    const other = spreads[0].id;
    const next = applyPatches(doc, [
      { op: 'replace', path: '/nodes/y/parentId', value: other },
      { op: 'replace', path: '/nodes/x/props/x', value: 42 },
    ]);
    expect(childrenOf(next, 'p1').map((n) => n.id)).toEqual(['x']);
    expect(childrenOf(next, 'p1')[0].props.x).toBe(42);
    expect(childrenOf(next, other).map((n) => n.id)).toContain('y');
    expect(childrenOf(doc, 'p1').map((n) => n.id)).toEqual(['x', 'y']);
  });
});

describe('checkInvariants', () => {
  it('accepts the blank and the large album', () => {
    expect(checkInvariants(createBlankAlbum())).toEqual([]);
    expect(checkInvariants(makeLargeAlbum())).toEqual([]);
  });

  it('reports an empty group', () => {
    expect(codes(withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0'))).toEqual(['GROUP_EMPTY']);
  });

  it('reports an element with children', () => {
    let doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    doc = withNode(doc, 'k', 'Rectangle', 'r', 'a0');
    expect(codes(doc).sort()).toEqual(['ELEMENT_HAS_CHILDREN', 'WRONG_PARENT']);
  });

  it('reports a missing parent', () => {
    expect(codes(withNode(smallAlbum(), 'r', 'Rectangle', 'ghost', 'a0'))).toEqual(['PARENT_MISSING']);
  });

  it('reports a cycle', () => {
    let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0');
    doc = withNode(doc, 'h', 'Group', 'g', 'a0');
    doc = applyPatches(doc, [{ op: 'replace', path: '/nodes/g/parentId', value: 'h' }]);
    expect(codes(doc)).toContain('CYCLE');
  });

  it('reports the wrong shape: an element under a section, a spread under a spread, a section under a spread', () => {
    expect(codes(withNode(smallAlbum(), 'r', 'Rectangle', 's1', 'a5'))).toEqual(['WRONG_PARENT']);
    expect(codes(withNode(smallAlbum(), 'x', 'Spread', 'p1', 'a5', {}))).toEqual(['WRONG_PARENT']);
    expect(codes(withNode(smallAlbum(), 'x', 'Section', 'p1', 'a5', { name: 'x', static: false }))).toEqual([
      'WRONG_PARENT',
    ]);
  });

  it('reports invalid props and an unknown type', () => {
    expect(
      codes(
        withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0', {
          x: 0,
          y: 0,
          width: 1,
          height: 1,
          opacity: 200,
        }),
      ),
    ).toEqual(['NODE_INVALID']);
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    expect(
      codes({ ...doc, nodes: { ...doc.nodes, r: { ...doc.nodes.r, type: 'Video' as never } } }),
    ).toContain('NODE_INVALID');
  });

  it('reports stickers referring to missing sections, cells to missing stickers and double placement', () => {
    let doc = withNode(smallAlbum(), 'c1', 'StickerCell', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 50,
      height: 70,
      stickerId: 'st',
    });
    expect(codes(doc)).toEqual(['CELL_STICKER_MISSING']);
    doc = withNode(doc, 'c2', 'StickerCell', 'p1', 'a1', {
      x: 0,
      y: 0,
      width: 50,
      height: 70,
      stickerId: 'st',
    });
    doc = {
      ...doc,
      stickers: { st: { id: 'st', name: 'A', position: '', doubleSticker: false, sectionId: 'gone' } },
    };
    expect(codes(doc).sort()).toEqual(['STICKER_PLACED_TWICE', 'STICKER_SECTION_MISSING']);
  });

  it('reports a node stored under another key and a second root', () => {
    const doc = smallAlbum();
    expect(codes({ ...doc, nodes: { ...doc.nodes, other: doc.nodes.p1 } })).toContain('NODE_KEY_MISMATCH');
    expect(
      codes({
        ...doc,
        nodes: { ...doc.nodes, r2: { id: 'r2', type: 'Root', parentId: null, index: 'a0', props: {} } },
      }),
    ).toEqual(['EXTRA_ROOT']);
  });
});
