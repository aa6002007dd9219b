export interface CropInput {
  frameWidth: number;
  frameHeight: number;
  imageWidth: number;
  imageHeight: number;
  /** Crop centre as fractions of the image (0.5 = middle). */
  cx?: number;
  cy?: number;
  /** Zoom of the photo inside its frame; 1 = the photo just covers the frame. */
  cscale?: number;
  /** Rotation of the photo inside the frame, degrees, around the frame centre. */
  crotation?: number;
}

export interface CropLayout {
  x: number;
  y: number;
  width: number;
  height: number;
  /** SVG transform turning the photo around the frame centre, or undefined. */
  transform?: string;
}

/**
 * Where the photo is drawn in frame coordinates: scaled to cover the frame times cscale, moved so that
 * the image point (cx, cy) sits at the frame centre, then turned by crotation around that centre.
 */
export function cropLayout(input: CropInput): CropLayout {
  const { frameWidth: fw, frameHeight: fh, imageWidth: iw, imageHeight: ih } = input;
  const cover = Math.max(fw / iw, fh / ih);
  const scale = cover * (input.cscale && input.cscale > 0 ? input.cscale : 1);
  const width = iw * scale;
  const height = ih * scale;
  const x = fw / 2 - (input.cx ?? 0.5) * width;
  const y = fh / 2 - (input.cy ?? 0.5) * height;
  const transform = input.crotation ? `rotate(${input.crotation} ${fw / 2} ${fh / 2})` : undefined;
  return { x, y, width, height, transform };
}
