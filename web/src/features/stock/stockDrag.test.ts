import { childrenOf } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT, CONTENT_Y, makeEditor } from '../../editor/test-support.ts';
import type { StockPhoto } from './api.ts';
import {
  handleStockDrop,
  readStockDragData,
  STOCK_DRAG_MIME,
  stockImageProps,
  writeStockDragData,
} from './stockDrag.ts';

const photo: StockPhoto = {
  id: 1001,
  width: 4000,
  height: 3000,
  photographer: 'Ada',
  photographer_url: null,
  url: null,
  alt: 'Party',
  src: {
    tiny: 't',
    small: 's',
    medium: 'm',
    large: 'https://images.example/l.jpg',
    large2x: 'x',
    original: 'o',
  },
};

/** A DataTransfer stand-in: jsdom has none. */
function transfer() {
  const data = new Map<string, string>();
  const types: string[] = [];
  return {
    types,
    effectAllowed: 'none',
    setData(type: string, value: string) {
      data.set(type, value);
      types.push(type);
    },
    getData: (type: string) => data.get(type) ?? '',
  } as unknown as DataTransfer;
}

describe('placing stock photos', () => {
  it('sizes a photo in its aspect ratio around the point and keeps it on the spread', () => {
    expect(stockImageProps(photo, { x: 345, y: 148.5 })).toEqual({
      x: 255,
      y: 81,
      width: 180,
      height: 135,
      pexelsId: 1001,
    });
    const portrait = stockImageProps({ id: 2, width: 1000, height: 2000 }, { x: 0, y: 0 });
    expect(portrait).toMatchObject({ x: 0, y: 0, width: 90, height: 180 });
    expect(stockImageProps(photo, { x: 460, y: 297 })).toMatchObject({ x: 280, y: 162 });
  });

  it('carries the photo on the drag under its own MIME type and refuses malformed data', () => {
    const dataTransfer = transfer();
    writeStockDragData(dataTransfer, photo);
    expect(readStockDragData(dataTransfer)).toEqual({
      id: 1001,
      width: 4000,
      height: 3000,
      src: photo.src.large,
    });
    const bad = transfer();
    bad.setData(STOCK_DRAG_MIME, '{"id":"1; drop table"}');
    expect(readStockDragData(bad)).toBeNull();
  });

  it('drops a dragged stock photo as an Image element with its pexelsId at the drop point, undoably', () => {
    const { editor } = makeEditor(blankDoc());
    const dataTransfer = transfer();
    writeStockDragData(dataTransfer, photo);
    expect(handleStockDrop(editor, dataTransfer, { x: 100, y: CONTENT_Y + 100 })).toBe(true);
    const placed = childrenOf(editor.doc, CONTENT).find((node) => node.props.pexelsId === 1001);
    expect(placed).toMatchObject({ type: 'Image', props: { x: 10, y: 32.5, width: 180, height: 135 } });
    expect(editor.selection.get()).toEqual([placed!.id]);
    editor.undo();
    expect(childrenOf(editor.doc, CONTENT).some((node) => node.props.pexelsId === 1001)).toBe(false);
  });

  it('ignores a drop outside every spread', () => {
    const { editor } = makeEditor(blankDoc());
    const dataTransfer = transfer();
    writeStockDragData(dataTransfer, photo);
    const before = editor.doc;
    expect(handleStockDrop(editor, dataTransfer, { x: 100, y: 320 })).toBe(false);
    expect(editor.doc).toBe(before);
  });
});
