/**
 * Upload checks that both sides run (SPEC §5 "Workspace image upload"): the file type from its first bytes
 * (magic bytes, never the name), the pixel size from the header (before anything decodes the image), and the
 * size, type and dimension limits as error codes. The web checks before uploading; the server checks again,
 * because a client can lie.
 */
import {
  IMAGE_DOWNSCALE_MAX_PIXELS,
  IMAGE_MAX_SIDE_PX,
  IMAGE_UPLOAD_MAX_MB,
  IMAGE_UPLOAD_MAX_PIXELS,
  IMAGE_UPLOAD_MIN_MB,
  IMAGE_UPLOAD_TYPES,
  STICKER_IMAGE_TYPES,
} from './constants.ts';

export type ImageFileType = (typeof IMAGE_UPLOAD_TYPES)[number];
export type ImageModel = 'image' | 'sticker';

const MIB = 1024 * 1024;
/** SPEC §5: 0.0001 MB (about 105 bytes) to 16 MB, in MiB as file managers count them. */
export const IMAGE_UPLOAD_MIN_BYTES = Math.ceil(IMAGE_UPLOAD_MIN_MB * MIB);
export const IMAGE_UPLOAD_MAX_BYTES = IMAGE_UPLOAD_MAX_MB * MIB;
/** How many leading bytes the header readers look at; JPEG metadata (EXIF, ICC) can push the size far back. */
export const IMAGE_HEADER_BYTES = 512 * 1024;

/** One code per failed rule; the UI joins their translations with commas into one notification. */
export type ImageUploadErrorCode =
  | 'IMAGE_TOO_SMALL'
  | 'IMAGE_TOO_LARGE'
  | 'IMAGE_TYPE_NOT_ALLOWED'
  | 'IMAGE_TOO_MANY_PIXELS'
  | 'IMAGE_UNREADABLE'
  | 'IMAGE_DAMAGED'
  | 'SVG_UNSAFE'
  | 'TOO_MANY_FILES';

/** The type of an image from its first bytes: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or SVG text. */
export function sniffImageType(head: Uint8Array): ImageFileType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (looksLikeSvg(head)) return 'image/svg+xml';
  return undefined;
}

/** SVG is text: after an optional BOM, XML declaration, comments and whitespace the root must be `<svg`. */
function looksLikeSvg(head: Uint8Array): boolean {
  let text = '';
  const end = Math.min(head.length, 4096);
  for (let i = 0; i < end; i++) text += String.fromCharCode(head[i]);
  text = text.replace(/^\xef\xbb\xbf/, '');
  // Skip the prolog; a DOCTYPE is allowed here only to be refused later by the SVG sanitiser with a clear code.
  const prolog = /^\s*(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>|\s+)*/;
  const rest = text.replace(prolog, '');
  return /^<svg[\s>/]/.test(rest) || /^<svg:svg[\s>/]/.test(rest);
}

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * Width and height from a PNG's IHDR chunk or a JPEG's start-of-frame segment, without decoding anything.
 * Undefined when the header is not within `head` (or for SVG, which has no pixels of its own).
 */
export function readImageHeaderSize(head: Uint8Array): PixelSize | undefined {
  const type = sniffImageType(head);
  if (type === 'image/png') {
    if (head.length < 24) return undefined;
    // Bytes 12-15 must be 'IHDR': the first chunk always is.
    if (String.fromCharCode(head[12], head[13], head[14], head[15]) !== 'IHDR') return undefined;
    return { width: uint32(head, 16), height: uint32(head, 20) };
  }
  if (type === 'image/jpeg') return jpegFrameSize(head);
  return undefined;
}

function uint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

function jpegFrameSize(bytes: Uint8Array): PixelSize | undefined {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    let marker = bytes[i + 1];
    // Fill bytes: any number of 0xFF may precede a marker.
    while (marker === 0xff && i + 2 < bytes.length) {
      i++;
      marker = bytes[i + 1];
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan data before any frame
    const length = (bytes[i + 2] << 8) + bytes[i + 3];
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) {
      if (i + 9 > bytes.length) return undefined;
      return { height: (bytes[i + 5] << 8) + bytes[i + 6], width: (bytes[i + 7] << 8) + bytes[i + 8] };
    }
    i += 2 + length;
  }
  return undefined;
}

export interface UploadCandidate {
  byteSize: number;
  /** From `sniffImageType`; undefined when the content is no supported image. */
  type: ImageFileType | undefined;
  /** From the header; undefined when unknown (SVG, or the header was not found). */
  size?: PixelSize;
  model?: ImageModel;
}

/** Every rule an upload breaks, in SPEC order: size, type, dimensions. Empty means it may be uploaded. */
export function imageUploadProblems(candidate: UploadCandidate): ImageUploadErrorCode[] {
  const problems: ImageUploadErrorCode[] = [];
  if (candidate.byteSize < IMAGE_UPLOAD_MIN_BYTES) problems.push('IMAGE_TOO_SMALL');
  if (candidate.byteSize > IMAGE_UPLOAD_MAX_BYTES) problems.push('IMAGE_TOO_LARGE');
  const allowed: readonly string[] = candidate.model === 'sticker' ? STICKER_IMAGE_TYPES : IMAGE_UPLOAD_TYPES;
  if (!candidate.type || !allowed.includes(candidate.type)) problems.push('IMAGE_TYPE_NOT_ALLOWED');
  if (candidate.size && tooManyPixels(candidate.size, candidate.type)) problems.push('IMAGE_TOO_MANY_PIXELS');
  return problems;
}

/**
 * The most pixels a file of this type may have to be decoded at all. A JPEG is decoded shrunk (libjpeg and
 * browsers scale by 1/2, 1/4, 1/8 while decoding), so a 48 MP phone photo costs little to scale down; a PNG is
 * decoded whole, so it keeps the upload limit (a tiny PNG of 40 MP stays a decompression bomb).
 */
export function decodeMaxPixels(type: ImageFileType | undefined): number {
  return type === 'image/jpeg' ? IMAGE_DOWNSCALE_MAX_PIXELS : IMAGE_UPLOAD_MAX_PIXELS;
}

/** Whether a photo of this type and size is scaled down to IMAGE_MAX_SIDE_PX before it is kept. */
export function needsDownscale(size: PixelSize, type: ImageFileType | undefined): boolean {
  return (
    (type === 'image/jpeg' || type === 'image/png') &&
    Math.max(size.width, size.height) > IMAGE_MAX_SIDE_PX &&
    size.width * size.height <= decodeMaxPixels(type)
  );
}

/** The size a photo is kept at: its longer side at most IMAGE_MAX_SIDE_PX, proportions kept. */
export function downscaledSize(size: PixelSize): PixelSize {
  const factor = Math.min(1, IMAGE_MAX_SIDE_PX / Math.max(size.width, size.height));
  return { width: Math.round(size.width * factor), height: Math.round(size.height * factor) };
}

/** The pixel limit applies to what is kept, so a 48 MP photo passes: it is kept at 6000 x 4500. */
function tooManyPixels(size: PixelSize, type: ImageFileType | undefined): boolean {
  const kept = needsDownscale(size, type) ? downscaledSize(size) : size;
  return (
    size.width * size.height > IMAGE_DOWNSCALE_MAX_PIXELS ||
    kept.width * kept.height > IMAGE_UPLOAD_MAX_PIXELS
  );
}
