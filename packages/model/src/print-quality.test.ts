import { describe, expect, it } from 'vitest';
import { applyPatches } from './patches.ts';
import { effectiveDpi, imagePrintQuality, preflight, stockImageKey } from './print-quality.ts';
import { smallAlbum, withNode } from './testing/test-support.ts';

describe('effective resolution', () => {
  it('is the original pixels per inch of the frame when the photo just covers it', () => {
    // 100 mm wide frame, 1181 px wide photo: 1181 px / (100 / 25.4 in) = 300 dpi.
    expect(effectiveDpi({ widthMm: 100, heightMm: 100 }, { width: 1181, height: 1181 })).toBeCloseTo(300, 0);
    // A square photo covering a 200 x 100 mm frame is 200 mm wide: 150 dpi.
    expect(effectiveDpi({ widthMm: 200, heightMm: 100 }, { width: 1181, height: 1181 })).toBeCloseTo(150, 0);
  });

  it('drops when the photo is zoomed into its frame with the crop scale', () => {
    const frame = { widthMm: 100, heightMm: 100 };
    expect(effectiveDpi({ ...frame, cscale: 2 }, { width: 1181, height: 1181 })).toBeCloseTo(150, 0);
  });
});

describe('print quality of one placed image', () => {
  it('is fine at 150 dpi and above, so a phone photo at 165-297 dpi shows no badge', () => {
    expect(imagePrintQuality({ widthMm: 100, heightMm: 100 }, { width: 1200, height: 1200 })).toBeUndefined();
    expect(imagePrintQuality({ widthMm: 100, heightMm: 100 }, { width: 800, height: 800 })).toBeUndefined();
    expect(imagePrintQuality({ widthMm: 100, heightMm: 100 }, { width: 650, height: 650 })).toBeUndefined();
  });

  it('warns of low resolution below 150 dpi', () => {
    expect(imagePrintQuality({ widthMm: 100, heightMm: 100 }, { width: 500, height: 500 })).toMatchObject({
      code: 'IMAGE_LOW_RESOLUTION',
      severity: 'warning',
      dpi: 127,
    });
  });

  it('is an error below 75 dpi', () => {
    expect(imagePrintQuality({ widthMm: 230, heightMm: 297 }, { width: 600, height: 800 })).toMatchObject({
      code: 'IMAGE_RESOLUTION_TOO_LOW',
      severity: 'error',
    });
  });

  it('is an error when the longer side is over 6000 px (uploads are scaled down to it), however sharp', () => {
    expect(imagePrintQuality({ widthMm: 10, heightMm: 10 }, { width: 6001, height: 100 })).toMatchObject({
      code: 'IMAGE_SIDE_TOO_LONG',
      severity: 'error',
    });
    expect(imagePrintQuality({ widthMm: 10, heightMm: 10 }, { width: 6000, height: 4500 })).toBeUndefined();
  });
});

describe('preflight', () => {
  it('lists placed images that print badly, with their spread, and skips sharp and unknown ones', () => {
    let doc = smallAlbum();
    doc = withNode(doc, 'sharp', 'Image', 'p1', 'a0', { x: 0, y: 0, width: 50, height: 50, image: 'big' });
    doc = withNode(doc, 'blurry', 'Image', 'p1', 'a1', {
      x: 0,
      y: 0,
      width: 200,
      height: 200,
      image: 'small',
    });
    doc = withNode(doc, 'unknown', 'Image', 'p1', 'a2', {
      x: 0,
      y: 0,
      width: 200,
      height: 200,
      image: 'nope',
    });
    const issues = preflight(doc, {
      big: { width: 1000, height: 1000 },
      small: { width: 1000, height: 1000 },
    });
    expect(issues).toEqual([
      {
        code: 'IMAGE_LOW_RESOLUTION',
        severity: 'warning',
        dpi: 127,
        elementId: 'blurry',
        imageId: 'small',
        spreadId: 'p1',
      },
    ]);
  });

  it('counts the scale of the element and of its group', () => {
    let doc = smallAlbum();
    doc = withNode(doc, 'g', 'Group', 'p1', 'a0', { x: 0, y: 0, width: 100, height: 100, scale: 2 });
    doc = withNode(doc, 'img', 'Image', 'g', 'a0', {
      x: 0,
      y: 0,
      width: 50,
      height: 50,
      image: 'i',
      scale: 2,
    });
    // 200 mm drawn, 1000 px: 127 dpi.
    expect(preflight(doc, new Map([['i', { width: 1000, height: 1000 }]]))[0]).toMatchObject({ dpi: 127 });
  });

  it('checks a sticker photo in its cell with the sticker crop scale', () => {
    let doc = smallAlbum();
    doc = applyPatches(doc, [
      {
        op: 'add',
        path: '/stickers/st',
        value: {
          id: 'st',
          name: 'Ada',
          position: '',
          doubleSticker: false,
          sectionId: 's1',
          image: 'face',
          cscale: 3,
        },
      },
    ]);
    doc = withNode(doc, 'cell', 'StickerCell', 'p1', 'a0', {
      x: 0,
      y: 0,
      width: 50,
      height: 70,
      stickerId: 'st',
    });
    // cover: 70 mm over 700 px = 0.1 mm/px, times 3 = 0.3 mm/px: 84 dpi.
    expect(preflight(doc, { face: { width: 700, height: 700 } })).toEqual([
      expect.objectContaining({ elementId: 'cell', imageId: 'face', code: 'IMAGE_LOW_RESOLUTION', dpi: 84 }),
    ]);
  });

  it('checks a placed stock photo by the pixel size its provider reports', () => {
    let doc = smallAlbum();
    doc = withNode(doc, 'stock', 'Image', 'p1', 'a0', { x: 0, y: 0, width: 180, height: 120, pexelsId: 42 });
    doc = withNode(doc, 'sharpStock', 'Image', 'p1', 'a1', {
      x: 200,
      y: 0,
      width: 30,
      height: 20,
      pexelsId: 43,
    });
    // 180 mm over 900 px: 127 dpi, a warning; the same photo 30 mm wide is sharp.
    const pixels = new Map([
      [stockImageKey(42), { width: 900, height: 600 }],
      [stockImageKey(43), { width: 900, height: 600 }],
    ]);
    expect(preflight(doc, pixels)).toEqual([
      expect.objectContaining({
        elementId: 'stock',
        imageId: 'pexels:42',
        code: 'IMAGE_LOW_RESOLUTION',
        dpi: 127,
      }),
    ]);
    // Not looked up yet: no verdict rather than a wrong one.
    expect(preflight(doc, new Map())).toEqual([]);
    // A provider's original over 6000 px is no upload the user could shrink: only its resolution counts.
    const huge = new Map([
      [stockImageKey(42), { width: 7000, height: 4667 }],
      [stockImageKey(43), { width: 7000, height: 4667 }],
    ]);
    expect(preflight(doc, huge)).toEqual([]);
  });
});
