import {
  applyPatches,
  createBlankAlbum,
  createSticker,
  insertElement,
  spreadsInOrder,
  type AlbumDocument,
} from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { imageUses, replaceImageEverywhere } from './replaceImage.ts';

function albumUsing(imageId: string): AlbumDocument {
  let doc = createBlankAlbum();
  const spread = spreadsInOrder(doc)[1];
  for (const x of [10, 120]) {
    doc = applyPatches(
      doc,
      insertElement(doc, {
        parentId: spread.id,
        type: 'Image',
        props: { x, y: 10, width: 100, height: 80, image: imageId },
      }).patches,
    );
  }
  doc = applyPatches(
    doc,
    insertElement(doc, {
      parentId: spread.id,
      type: 'Image',
      props: { x: 10, y: 150, width: 100, height: 80, image: 'other' },
    }).patches,
  );
  const section = Object.values(doc.nodes).find((n) => n.type === 'Section' && !n.props.static)!;
  return applyPatches(
    doc,
    createSticker(doc, {
      name: 'Anna',
      position: '',
      doubleSticker: false,
      sectionId: section.id,
      image: imageId,
    }).patches,
  );
}

describe('replacing an image everywhere', () => {
  it('swaps every element and sticker photo showing the original, and nothing else', () => {
    const doc = albumUsing('original');
    expect(imageUses(doc, 'original')).toBe(3);
    const next = applyPatches(doc, replaceImageEverywhere(doc, 'original', 'edited').patches);
    expect(imageUses(next, 'original')).toBe(0);
    expect(imageUses(next, 'edited')).toBe(3);
    expect(imageUses(next, 'other')).toBe(1);
  });

  it('changes nothing for an image the album does not use', () => {
    const doc = albumUsing('original');
    expect(replaceImageEverywhere(doc, 'unused', 'edited').patches).toEqual([]);
  });
});
