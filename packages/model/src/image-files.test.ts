import { describe, expect, it } from 'vitest';
import {
  downscaledSize,
  imageUploadProblems,
  needsDownscale,
  readImageHeaderSize,
  sniffImageType,
} from './image-files.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));

function pngHeader(width: number, height: number): Uint8Array {
  const head = new Uint8Array(33);
  head.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  head.set(text('IHDR'), 12);
  new DataView(head.buffer).setUint32(16, width);
  new DataView(head.buffer).setUint32(20, height);
  return head;
}

describe('image type by content', () => {
  it('recognises JPEG, PNG and SVG by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(pngHeader(1, 1))).toBe('image/png');
    expect(
      sniffImageType(text('<?xml version="1.0"?>\n<!-- x --><svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('image/svg+xml');
  });

  it('does not trust anything else, whatever the file is called', () => {
    expect(sniffImageType(text('GIF89a'))).toBeUndefined();
    expect(sniffImageType(text('<html><svg></svg></html>'))).toBeUndefined();
    expect(sniffImageType(bytes())).toBeUndefined();
  });
});

describe('pixel size from the header', () => {
  it('reads a PNG IHDR', () => {
    expect(readImageHeaderSize(pngHeader(8000, 5000))).toEqual({ width: 8000, height: 5000 });
  });

  it('reads a JPEG start-of-frame after other segments', () => {
    const jpeg = bytes(
      0xff,
      0xd8, // SOI
      0xff,
      0xe0,
      0x00,
      0x04,
      0x00,
      0x00, // APP0, 2 bytes of payload
      0xff,
      0xc2,
      0x00,
      0x11,
      0x08,
      0x0b,
      0xb8,
      0x0f,
      0xa0, // progressive SOF: 3000 high, 4000 wide
    );
    expect(readImageHeaderSize(jpeg)).toEqual({ width: 4000, height: 3000 });
  });

  it('gives up when the header is not in the bytes it got', () => {
    expect(readImageHeaderSize(bytes(0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff))).toBeUndefined();
  });
});

describe('upload rules', () => {
  it('reports size, type and dimension problems together, in that order', () => {
    expect(
      imageUploadProblems({
        byteSize: 17 * 1024 * 1024,
        type: undefined,
        size: { width: 8000, height: 5000 },
      }),
    ).toEqual(['IMAGE_TOO_LARGE', 'IMAGE_TYPE_NOT_ALLOWED', 'IMAGE_TOO_MANY_PIXELS']);
  });

  it('accepts a 48 MP photo, which is kept scaled down to 6000 px on its longer side', () => {
    const photo = { width: 8000, height: 6000 };
    expect(imageUploadProblems({ byteSize: 9_000_000, type: 'image/jpeg', size: photo })).toEqual([]);
    expect(needsDownscale(photo, 'image/jpeg')).toBe(true);
    expect(downscaledSize(photo)).toEqual({ width: 6000, height: 4500 });
    expect(needsDownscale({ width: 6000, height: 4000 }, 'image/png')).toBe(false);
  });

  it('still refuses what stays over 32 MP when scaled, and bombs too large to decode at all', () => {
    expect(
      imageUploadProblems({ byteSize: 9_000, type: 'image/png', size: { width: 7000, height: 7000 } }),
    ).toEqual(['IMAGE_TOO_MANY_PIXELS']);
    expect(
      imageUploadProblems({ byteSize: 9_000, type: 'image/png', size: { width: 20000, height: 20000 } }),
    ).toEqual(['IMAGE_TOO_MANY_PIXELS']);
  });

  it('refuses empty files and SVG sticker photos', () => {
    expect(imageUploadProblems({ byteSize: 0, type: 'image/png' })).toEqual(['IMAGE_TOO_SMALL']);
    expect(imageUploadProblems({ byteSize: 5000, type: 'image/svg+xml', model: 'sticker' })).toEqual([
      'IMAGE_TYPE_NOT_ALLOWED',
    ]);
  });

  it('accepts a 32 megapixel photo of 16 MB', () => {
    expect(
      imageUploadProblems({
        byteSize: 16 * 1024 * 1024,
        type: 'image/jpeg',
        size: { width: 8000, height: 4000 },
      }),
    ).toEqual([]);
  });
});
