import {
  decodeMaxPixels,
  IMAGE_HEADER_BYTES,
  IMAGE_MAX_SIDE_PX,
  IMAGE_UPLOAD_MAX_PIXELS,
  downscaledSize,
  imageUploadProblems,
  needsDownscale,
  readImageHeaderSize,
  sniffImageType,
  type ImageFileType,
  type ImageModel,
  type ImageUploadErrorCode,
  type PixelSize,
} from '@stickerbook/model';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/errors.ts';
import type { BlobStorage } from '../storage/index.ts';
import { svgProblems } from './svg-safety.ts';

/** Longest side SVGs are rasterised to: sharp enough for a full page, well under the 6000 px print limit. */
const SVG_RASTER_SIDE_PX = 4000;

export interface InspectedImage {
  type: ImageFileType;
  /** Pixel size as displayed (EXIF orientation applied); for SVG the size of its raster variants. */
  width: number;
  height: number;
  /** EXIF orientation 1-8 when present. */
  orientation?: number;
  /** Whether the file carries a colour profile other than sRGB (the variants convert it). */
  hasIccProfile: boolean;
  hasAlpha: boolean;
}

/** 422 with the codes of every failed rule; the web joins their translations into one notification. */
export function uploadRejected(
  codes: ImageUploadErrorCode[],
  details: Record<string, unknown> = {},
): AppError {
  return new AppError(422, codes[0], `The image cannot be used: ${codes.join(', ')}`, { codes, ...details });
}

/**
 * Checks a stored upload by its content (SPEC §5): type from the magic bytes, the pixel count from the header
 * BEFORE anything decodes it (a decompression bomb is refused after reading a few bytes), size limits, and for
 * SVG the safety rules. Throws `uploadRejected` with every problem found.
 */
export async function inspectStoredUpload(
  storage: BlobStorage,
  key: string,
  byteSize: number,
  model: ImageModel,
): Promise<InspectedImage> {
  const head = await storage.readHead(key, IMAGE_HEADER_BYTES);
  const type = sniffImageType(head);
  const headerSize = readImageHeaderSize(head);
  const problems = imageUploadProblems({ byteSize, type, size: headerSize, model });
  if (problems.length > 0 || !type)
    throw uploadRejected(problems.length ? problems : ['IMAGE_TYPE_NOT_ALLOWED']);

  if (type === 'image/svg+xml') return inspectSvg(await storage.read(key));
  // The header had no size within its first bytes (huge EXIF blocks): let sharp read the header of the whole
  // file; it decodes no pixels for metadata, and limitInputPixels refuses a bomb all the same.
  const whole = headerSize && byteSize <= head.length ? head : await storage.read(key);
  const inspected = await inspectRaster(headerSize ? head : whole, type, headerSize);
  await decodeCompletely(whole, type);
  return inspected;
}

/** Side the full decode shrinks to: JPEG decodes at 1/8 scale on load, so a 30 MP photo costs milliseconds. */
const DECODE_CHECK_SIDE_PX = 16;

/**
 * A truncated or corrupt file passes the header checks and would only fail in the variants job, after the upload
 * was answered 201 and placed. Decoding every pixel row (at a tiny size, so cheaply) finds it while the client
 * still waits; only after the size checks above, so a bomb is never decoded.
 */
async function decodeCompletely(input: Buffer, type: ImageFileType): Promise<void> {
  try {
    // The same pixel bound as the header check: a large phone JPEG is decoded to be scaled down, a PNG bomb never.
    await sharp(input, { failOn: 'truncated', limitInputPixels: decodeMaxPixels(type) })
      .resize(DECODE_CHECK_SIDE_PX, DECODE_CHECK_SIDE_PX, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw uploadRejected(['IMAGE_DAMAGED']);
  }
}

async function inspectRaster(input: Buffer, type: ImageFileType, headerSize: PixelSize | undefined) {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: decodeMaxPixels(type) }).metadata();
  } catch {
    throw uploadRejected(['IMAGE_UNREADABLE']);
  }
  const width = metadata.width ?? headerSize?.width ?? 0;
  const height = metadata.height ?? headerSize?.height ?? 0;
  if (width <= 0 || height <= 0) throw uploadRejected(['IMAGE_UNREADABLE']);
  const kept = needsDownscale({ width, height }, type)
    ? downscaledSize({ width, height })
    : { width, height };
  if (kept.width * kept.height > IMAGE_UPLOAD_MAX_PIXELS) throw uploadRejected(['IMAGE_TOO_MANY_PIXELS']);
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    type,
    width: turned ? height : width,
    height: turned ? width : height,
    orientation: metadata.orientation,
    hasIccProfile: Boolean(metadata.icc),
    hasAlpha: Boolean(metadata.hasAlpha),
  } satisfies InspectedImage;
}

async function inspectSvg(source: Buffer): Promise<InspectedImage> {
  const problems = svgProblems(source.toString('utf8'));
  if (problems.length > 0) throw uploadRejected(['SVG_UNSAFE'], { svg: problems });
  let metadata: Metadata;
  try {
    // Only the document size is read here; librsvg renders nothing for metadata.
    metadata = await sharp(source, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS }).metadata();
  } catch {
    throw uploadRejected(['IMAGE_UNREADABLE']);
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw uploadRejected(['IMAGE_UNREADABLE']);
  const factor = SVG_RASTER_SIDE_PX / Math.max(width, height);
  return {
    type: 'image/svg+xml',
    width: Math.round(width * factor),
    height: Math.round(height * factor),
    hasIccProfile: false,
    hasAlpha: true,
  };
}

/**
 * A photo over IMAGE_MAX_SIDE_PX on its longer side, scaled down to it (SPEC §5 print quality; the browser does
 * the same before uploading, this is for direct API uploads). EXIF orientation is applied, so the result is
 * upright with orientation 1; JPEG stays JPEG (quality 92, colour profile kept), PNG stays PNG.
 */
export async function downscaleUpload(
  source: Buffer,
  inspected: InspectedImage,
): Promise<{ bytes: Buffer; inspected: InspectedImage }> {
  let pipeline = sharp(source, { limitInputPixels: decodeMaxPixels(inspected.type) })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .keepIccProfile();
  pipeline = inspected.type === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 92, mozjpeg: true });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    inspected: { ...inspected, width: info.width, height: info.height, orientation: undefined },
  };
}
