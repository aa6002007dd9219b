import { describe, expect, it } from 'vitest';
import { createBlankAlbum } from '../blank-album.ts';
import { cropMarks, extendBackgroundsIntoBleed, sheetGeometry } from './index.ts';
import { spreadsInOrder } from '../tree.ts';
import type { AlbumDocument, DocNode } from '../document.ts';

/** A copy with extra nodes (tree caches are per nodes map, so never mutate a document that was read). */
function withNodes(doc: AlbumDocument, nodes: DocNode[]): AlbumDocument {
  return { ...doc, nodes: { ...doc.nodes, ...Object.fromEntries(nodes.map((n) => [n.id, n])) } };
}

describe('sheet geometry', () => {
  it('puts 2 mm bleed and an 8 mm slug around an album page', () => {
    const g = sheetGeometry(230, 297, { includeBleed: true, cropMarks: true });
    expect(g.trim).toEqual({ x: 10, y: 10, width: 230, height: 297 });
    expect(g.bleed).toEqual({ x: 8, y: 8, width: 234, height: 301 });
    expect(g.media).toEqual({ x: 0, y: 0, width: 250, height: 317 });
  });

  it('draws two crop marks per corner outside the bleed, continuing the trim edges', () => {
    const g = sheetGeometry(230, 297, { includeBleed: true, cropMarks: true });
    const marks = cropMarks(g);
    expect(marks).toHaveLength(8);
    for (const m of marks) {
      const onTrimLine = [10, 240].includes(m.x1) || [10, 307].includes(m.y1);
      expect(onTrimLine).toBe(true);
      // never inside the bleed box
      const insideX = Math.min(m.x1, m.x2) < 242 && Math.max(m.x1, m.x2) > 8;
      const insideY = Math.min(m.y1, m.y2) < 309 && Math.max(m.y1, m.y2) > 8;
      expect(insideX && insideY).toBe(false);
    }
    expect(cropMarks(sheetGeometry(230, 297, { includeBleed: false, cropMarks: false }))).toEqual([]);
  });
});

describe('backgrounds into the bleed', () => {
  it('grows a rectangle that stops at the trim by the bleed on the touching edges only', () => {
    const blank = createBlankAlbum();
    const spreadId = spreadsInOrder(blank)[1].id;
    const doc = withNodes(blank, [
      {
        id: 'bg',
        type: 'Rectangle',
        parentId: spreadId,
        index: 'a5',
        props: { x: 0, y: 0, width: 230, height: 297, fill: 2 },
      },
      {
        id: 'box',
        type: 'Rectangle',
        parentId: spreadId,
        index: 'a6',
        props: { x: 20, y: 20, width: 50, height: 50 },
      },
    ]);
    const out = extendBackgroundsIntoBleed(doc, [spreadId], 2);
    expect(out.nodes.bg.props).toMatchObject({ x: -2, y: -2, width: 232, height: 301 });
    expect(out.nodes.box).toBe(doc.nodes.box);
    expect(doc.nodes.bg.props.x).toBe(0);
    expect(extendBackgroundsIntoBleed(doc, [spreadId], 0)).toBe(doc);
  });

  it('grows cover backgrounds at the fold into the spine', () => {
    const blank = createBlankAlbum();
    const coverId = spreadsInOrder(blank)[0].id;
    const doc = withNodes(blank, [
      {
        id: 'front',
        type: 'Rectangle',
        parentId: coverId,
        index: 'a5',
        props: { x: 230, y: 0, width: 230, height: 297 },
      },
    ]);
    const out = extendBackgroundsIntoBleed(doc, [coverId], 2, 1.5);
    expect(out.nodes.front.props).toMatchObject({ x: 228.5, y: -2, width: 233.5, height: 301 });
  });
});
