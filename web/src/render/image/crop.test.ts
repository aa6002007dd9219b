import { describe, expect, it } from 'vitest';
import { cropLayout } from './crop.ts';

const frame = { frameWidth: 60, frameHeight: 40 };

describe('cropLayout', () => {
  it('covers the frame with the photo centred by default', () => {
    // 1200 x 600 photo in a 60 x 40 frame: height decides, scale 40/600.
    expect(cropLayout({ ...frame, imageWidth: 1200, imageHeight: 600 })).toEqual({
      x: -10,
      y: 0,
      width: 80,
      height: 40,
      transform: undefined,
    });
  });
  it('puts the image point (cx, cy) at the frame centre', () => {
    const layout = cropLayout({ ...frame, imageWidth: 1200, imageHeight: 600, cx: 0.25, cy: 0.5 });
    expect(layout.x + 0.25 * layout.width).toBe(30);
    expect(layout.y + 0.5 * layout.height).toBe(20);
  });
  it('zooms the photo by cscale', () => {
    const layout = cropLayout({ ...frame, imageWidth: 600, imageHeight: 600, cscale: 2 });
    expect(layout.width).toBe(120);
    expect(layout).toMatchObject({ x: -30, y: -40 });
  });
  it('turns the photo by crotation around the frame centre', () => {
    expect(cropLayout({ ...frame, imageWidth: 600, imageHeight: 600, crotation: 15 }).transform).toBe(
      'rotate(15 30 20)',
    );
  });
});
