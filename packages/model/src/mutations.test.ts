import { describe, expect, it } from 'vitest';
import { createBlankAlbum } from './blank-album.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';
import { applyMutation, introducedViolations } from './mutations.ts';
import { applyPatches, applyUntrustedPatches, type Patch } from './patches.ts';
import { randomMutation } from './testing/random-mutations.ts';
import { seededRandom } from './random.ts';
import { checkInvariants } from './tree.ts';
import type { AlbumDocument } from './document.ts';

function fullIntroduced(before: AlbumDocument, after: AlbumDocument) {
  const known = new Set(checkInvariants(before).map((v) => `${v.code}:${v.id}`));
  return checkInvariants(after).filter((v) => !known.has(`${v.code}:${v.id}`));
}

describe('applyMutation', () => {
  it('accepts and refuses exactly the mutations the full invariant check accepts and refuses', () => {
    const random = seededRandom(7);
    let doc = makeLargeAlbum({ spreads: 6, stickers: 24, otherElements: 40 });
    let accepted = 0;
    for (let i = 0; i < 700; i++) {
      const patches = randomMutation(doc, random);
      const fast = applyMutation(doc, patches);
      const full = applyUntrustedPatches(doc, patches);
      expect(fast.ok, JSON.stringify(patches)).toBe(full.ok);
      if (fast.ok && full.ok) {
        expect(fast.doc).toStrictEqual(full.doc);
        doc = fast.doc;
        accepted++;
      }
    }
    expect(checkInvariants(doc)).toEqual([]);
    expect(accepted).toBeGreaterThan(150);
  }, 30_000);

  it('reports a violation for every mutation that introduces one, with the same codes as the full check', () => {
    const random = seededRandom(11);
    const doc = makeLargeAlbum({ spreads: 6, stickers: 30, otherElements: 40 });
    let invalid = 0;
    for (let i = 0; i < 500; i++) {
      const patches = randomMutation(doc, random);
      let after: AlbumDocument;
      try {
        after = applyPatches(doc, patches as Patch[]);
      } catch {
        continue; // cannot apply at all: refused before any invariant is looked at
      }
      const full = fullIntroduced(doc, after);
      const fast = introducedViolations(doc, after, patches as Patch[]);
      expect(new Set(fast.map((v) => v.code))).toEqual(new Set(full.map((v) => v.code)));
      if (full.length > 0) invalid++;
    }
    expect(invalid).toBeGreaterThan(30);
  }, 30_000);

  it('tolerates a violation the document already had and still refuses a new one', () => {
    const broken = applyPatches(createBlankAlbum(), [
      {
        op: 'add',
        path: '/nodes/g',
        value: {
          id: 'g',
          type: 'Group',
          parentId: 'n2',
          index: 'a5',
          props: { x: 0, y: 0, width: 1, height: 1 },
        },
      },
    ]);
    expect(checkInvariants(broken).map((v) => v.code)).toEqual(['GROUP_EMPTY']);
    expect(applyMutation(broken, [{ op: 'replace', path: '/nodes/g/props/x', value: 5 }]).ok).toBe(true);
    const cycle = applyMutation(broken, [{ op: 'replace', path: '/nodes/n2/parentId', value: 'g' }]);
    expect(cycle.ok).toBe(false);
  });

  it('applies a 20-path mutation on the 60-spread album touching only its 10 nodes (no whole-document copy)', () => {
    const doc = makeLargeAlbum();
    const ids = Object.values(doc.nodes)
      .filter((n) => n.type === 'Rectangle')
      .slice(0, 10)
      .map((n) => n.id);
    const patches = ids.flatMap((id, i) => [
      { op: 'replace', path: `/nodes/${id}/props/x`, value: i },
      { op: 'replace', path: `/nodes/${id}/props/y`, value: i },
    ]);
    const result = applyMutation(doc, patches);
    if (!result.ok) throw new Error('the mutation was refused');
    const changed = Object.keys(doc.nodes).filter((id) => result.doc.nodes[id] !== doc.nodes[id]);
    expect(changed.sort()).toEqual([...ids].sort());
    expect(result.doc.stickers).toBe(doc.stickers);
    ids.forEach((id, i) => expect(result.doc.nodes[id].props).toMatchObject({ x: i, y: i }));
  });
});
