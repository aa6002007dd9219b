import { describe, expect, it } from 'vitest';
import { cropLayout } from '../../render/image/crop.ts';
import { fitFaceCrop } from './fitFace.ts';

const frame = { width: 50, height: 70 };
const image = { width: 1000, height: 1400 };

describe('fit face', () => {
  it('puts the centre of the face in the centre of the frame', () => {
    const face = { x: 0.4, y: 0.3, width: 0.2, height: 0.15 };
    const crop = fitFaceCrop(face, frame, image);
    const layout = cropLayout({
      frameWidth: 50,
      frameHeight: 70,
      imageWidth: 1000,
      imageHeight: 1400,
      ...crop,
    });
    // Where the face centre lands in frame millimetres.
    const faceX = layout.x + (face.x + face.width / 2) * layout.width;
    const faceY = layout.y + (face.y + face.height / 2) * layout.height;
    expect(faceX).toBeCloseTo(25, 5);
    expect(faceY).toBeCloseTo(35, 5);
    // And the face is half the frame wide.
    expect(face.width * layout.width).toBeCloseTo(25, 5);
  });

  it('never zooms out so far that the photo stops covering the frame', () => {
    const crop = fitFaceCrop({ x: 0.1, y: 0.1, width: 0.8, height: 0.6 }, frame, image);
    expect(crop.cscale).toBe(1);
  });

  it('moves the centre only as far as the photo reaches, so no empty edge shows', () => {
    const crop = fitFaceCrop({ x: 0.0, y: 0.0, width: 0.1, height: 0.07 }, frame, image);
    const layout = cropLayout({
      frameWidth: 50,
      frameHeight: 70,
      imageWidth: 1000,
      imageHeight: 1400,
      ...crop,
    });
    expect(layout.x).toBeCloseTo(0, 5);
    expect(layout.y).toBeCloseTo(0, 5);
  });
});
