import { childrenOf } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT, CONTENT_Y, makeEditor, withElements } from '../../editor/test-support.ts';
import { ImageRegistry } from '../images/imageRegistry.ts';
import { handleStockDrop, STOCK_DRAG_MIME } from '../stock/index.ts';
import { emptySlotUnder } from './slotDrop.ts';
import { placeAlbumImage } from './useCanvasDrops.ts';

/**
 * The content spread as a layout leaves it: a background slot on each page (bottom layer, faded), a page tint over
 * the left page, and a photo already placed on the right page.
 */
function layoutSpread() {
  return withElements(blankDoc(), [
    { id: 'bgLeft', type: 'Image', x: 0, y: 0, width: 230, height: 297, opacity: 35 },
    { id: 'bgRight', type: 'Image', x: 230, y: 0, width: 230, height: 297, opacity: 35 },
    { id: 'tint', x: 0, y: 0, width: 230, height: 297, fill: 2 },
    { id: 'photo', type: 'Image', x: 300, y: 100, width: 100, height: 80, image: 'img-placed' },
  ]);
}

/** A canvas point on the content spread, from spread millimetres. */
const onContent = (x: number, y: number) => ({ x, y: CONTENT_Y + y });

const stockTransfer = (id: number) => {
  const value = JSON.stringify({ id, width: 4000, height: 3000, src: 'https://images.example/l.jpg' });
  return {
    types: [STOCK_DRAG_MIME],
    getData: (type: string) => (type === STOCK_DRAG_MIME ? value : ''),
  } as unknown as DataTransfer;
};

describe('dropping a photo on an empty image slot', () => {
  it('fills the background slot under the pointer instead of adding an element, as one undo step', () => {
    const { editor } = makeEditor(layoutSpread());
    const before = editor.doc;
    expect(placeAlbumImage(editor, new ImageRegistry(), 'img-new', onContent(100, 150))).toBe(true);

    expect(childrenOf(editor.doc, CONTENT)).toHaveLength(4);
    expect(editor.doc.nodes.bgLeft.props).toEqual({
      x: 0,
      y: 0,
      width: 230,
      height: 297,
      opacity: 35,
      image: 'img-new',
    });
    expect(editor.doc.nodes.bgRight.props.image).toBeUndefined();
    expect(editor.selection.get()).toEqual(['bgLeft']);
    editor.undo();
    expect(editor.doc).toEqual(before);
  });

  it('adds a new element when the pointer is over a placed photo, leaving the slot below empty', () => {
    const { editor } = makeEditor(layoutSpread());
    placeAlbumImage(editor, new ImageRegistry(), 'img-new', onContent(350, 140));

    const children = childrenOf(editor.doc, CONTENT);
    expect(children).toHaveLength(5);
    expect(children.at(-1)).toMatchObject({ type: 'Image', props: { image: 'img-new' } });
    expect(editor.doc.nodes.bgRight.props.image).toBeUndefined();
    expect(editor.doc.nodes.photo.props.image).toBe('img-placed');
  });

  it('fills a slot with a dragged stock photo too', () => {
    const { editor } = makeEditor(layoutSpread());
    expect(handleStockDrop(editor, stockTransfer(1001), onContent(250, 20))).toBe(true);
    expect(childrenOf(editor.doc, CONTENT)).toHaveLength(4);
    expect(editor.doc.nodes.bgRight.props.pexelsId).toBe(1001);
  });

  it('names the slot the drag is over, for the highlight, and nothing over a filled slot or off the spreads', () => {
    const { editor } = makeEditor(layoutSpread());
    expect(emptySlotUnder(editor, onContent(100, 150))).toBe('bgLeft');
    expect(emptySlotUnder(editor, onContent(350, 140))).toBeUndefined();
    expect(emptySlotUnder(editor, { x: 100, y: 320 })).toBeUndefined();
    placeAlbumImage(editor, new ImageRegistry(), 'img-new', onContent(100, 150));
    expect(emptySlotUnder(editor, onContent(100, 150))).toBeUndefined();
  });
});
