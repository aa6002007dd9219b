import { STICKER_SCALE_RANGE } from '@stickerbook/model';
import type { FaceBox } from '../uploads/uploadApi.ts';

export interface FaceFitCrop {
  /** Crop centre as fractions of the image (the renderer's cx, cy). */
  cx: number;
  cy: number;
  cscale: number;
}

/** In a sticker frame the face takes this share of the frame width: head and shoulders, like a trading card. */
const STICKER_FACE_SHARE = 0.5;

/**
 * 'Fit face' (SPEC §2 sticker form): the crop that centres the face in the frame and scales the photo so the face
 * is `faceShare` of the frame's width. The photo keeps covering the frame (cscale ≥ 1) and the centre is moved only
 * as far as the photo allows, so no empty edge shows. The crop model is the renderer's (render/image/crop.ts):
 * the photo covers the frame, times cscale, with the image point (cx, cy) at the frame centre.
 *
 * For the cover the face width is COVER_FACE_FIT_CSCALE (0.47) of the page width: pass that as `faceShare` with
 * the cover frame (SPEC §9).
 */
export function fitFaceCrop(
  face: FaceBox,
  frame: { width: number; height: number },
  image: { width: number; height: number },
  faceShare = STICKER_FACE_SHARE,
): FaceFitCrop {
  const cover = Math.max(frame.width / image.width, frame.height / image.height);
  const faceWidthAtCover = face.width * image.width * cover;
  const wanted = faceWidthAtCover > 0 ? (faceShare * frame.width) / faceWidthAtCover : 1;
  const cscale = Math.min(Math.max(wanted, 1), STICKER_SCALE_RANGE.max);
  // Half the visible window, as fractions of the image, at this scale.
  const halfWidth = frame.width / (2 * image.width * cover * cscale);
  const halfHeight = frame.height / (2 * image.height * cover * cscale);
  const clamp = (value: number, half: number) => Math.min(Math.max(value, half), 1 - half);
  return {
    cx: round(clamp(face.x + face.width / 2, halfWidth)),
    cy: round(clamp(face.y + face.height / 2, halfHeight)),
    cscale: round(cscale),
  };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
