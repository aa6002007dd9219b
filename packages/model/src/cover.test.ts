import { describe, expect, it } from 'vitest';
import { coverDocument } from './cover.ts';
import type { AlbumDocument } from './document.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';
import { resolveNodeSymbol } from './symbols.ts';
import { checkInvariants, descendantsOf, spreadsInOrder } from './tree.ts';
import { insertElement } from './operations/index.ts';
import { applyPatches } from './patches.ts';

const meta = { title: 'Summer Cup', releaseDate: '2027-06-01', language: 'de' };
/** The large album with automatic texts on its cover that depend on the whole album. */
function albumWithCoverSymbols(): AlbumDocument {
  let doc = makeLargeAlbum();
  const cover = spreadsInOrder(doc)[0];
  for (const symbol of ['album', 'totalpages', 'totalstickers', 'toc_sections', 'release_date']) {
    const text = { blocks: [{ spans: [{ text: symbol, styles: ['BOLD'] }] }] };
    const change = insertElement(doc, {
      type: 'Text',
      parentId: cover.id,
      props: { x: 10, y: 10, width: 100, height: 20, text, symbol },
    });
    doc = applyPatches(doc, change.patches);
  }
  return doc;
}

describe('coverDocument', () => {
  it('keeps only the first spread and what it sits in, as a valid document', () => {
    const doc = makeLargeAlbum();
    const cover = spreadsInOrder(doc)[0];
    const { doc: small } = coverDocument(doc, meta);
    expect(checkInvariants(small)).toEqual([]);
    expect(spreadsInOrder(small).map((s) => s.id)).toEqual([cover.id]);
    expect(Object.keys(small.nodes).length).toBe(descendantsOf(doc, cover.id).length + 3);
    expect(JSON.stringify(small).length).toBeLessThan(JSON.stringify(doc).length / 10);
  });

  it('shows automatic texts with the values of the whole album, not of the cut-out cover', () => {
    const doc = albumWithCoverSymbols();
    const { doc: small } = coverDocument(doc, meta);
    const texts = Object.values(doc.nodes).filter((n) => n.id in small.nodes && n.props.symbol);
    expect(texts.length).toBe(5);
    for (const text of texts) {
      const frozen = small.nodes[text.id];
      expect(frozen.props.symbol).toBeUndefined();
      const shown = (frozen.props.text as { blocks: Array<{ spans: Array<{ text: string }> }> }).blocks
        .map((b) => b.spans.map((s) => s.text).join(''))
        .join('\n');
      expect(shown).toBe(resolveNodeSymbol(doc, text.id, meta));
      expect(shown).not.toBe(resolveNodeSymbol(small, text.id, meta) ?? '');
    }
  });

  it('lists the images the cover draws, including its stickers’ photos', () => {
    const doc = makeLargeAlbum();
    const cover = spreadsInOrder(doc)[0];
    const withImage: AlbumDocument = {
      ...doc,
      nodes: {
        ...doc.nodes,
        photo: {
          id: 'photo',
          type: 'Image',
          parentId: cover.id,
          index: 'zz',
          props: { x: 10, y: 10, width: 50, height: 50, image: 'img-1' },
        },
      },
    };
    const { doc: small, imageIds } = coverDocument(withImage, meta);
    const drawn = new Set(
      [
        ...Object.values(small.nodes).map((n) => n.props.image),
        ...Object.values(small.stickers).map((s) => s.image),
      ].filter((id): id is string => typeof id === 'string'),
    );
    expect(imageIds).toContain('img-1');
    expect(new Set(imageIds)).toEqual(drawn);
    const everywhere = Object.values(doc.nodes).filter((n) => typeof n.props.image === 'string').length;
    expect(imageIds.length).toBeLessThan(everywhere);
  });
});
