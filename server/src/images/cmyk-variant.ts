import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  PDFDocument,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFRef,
} from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { findCmykProfile, requireCmykProfile, type CmykProfile } from '../config/output-profile.ts';
import type { BlobStorage } from '../storage/index.ts';

const run = promisify(execFile);

/**
 * The print-shop copy of a photo: the photo's JPEG converted to CMYK once, through the same Ghostscript colour
 * management and profile as the PDF/X file (print/pdfx.ts), and kept next to the file it was made from. The PDF/X
 * export embeds it as it is, so Ghostscript's pass over the document never decodes, converts and re-encodes the
 * photos (that was 95 % of the export's time, bench/RESULTS.md).
 *
 * Ghostscript rather than sharp: sharp's perceptual transform to the same profile came out visibly warmer
 * (yellow +16/255 on the bench photos) than Ghostscript's own, which every other colour of the file goes through.
 *
 * Files are named after their source (`<source key without extension>-print-cmyk.jpg`), so a copy shared by several image records is
 * kept and dropped exactly like its source (images/file-cleanup.ts). The file starts with a comment naming the
 * source's identity (`jpegIdentity`) and the hash of the profile it was made through, so the export can tell from
 * the first bytes which photo it is, and a copy made through another profile (the print partner sent a new one,
 * PRINT_OUTPUT_ICC) is made again. One copy per source: at its full pixel size, or at the print size an export
 * asked for (a photo above 450 dpi where it is placed is embedded at 300 dpi, print/image-placements.ts).
 */
export const cmykVariantKey = (sourceKey: string) =>
  `${sourceKey.replace(/\.[a-z0-9]+$/, '')}-print-cmyk.jpg`;

/** Print quality: above the source photos' own (variants are q85-92), far above what pdfwrite re-encoded at. */
const CMYK_JPEG_QUALITY = 85;
/** Quality of a copy resampled from a larger CMYK copy (a second generation, so a little above the first). */
const RESAMPLED_JPEG_QUALITY = 90;
const IDENTITY_PREFIX = 'stickerbook-print-source:';
const PROFILE_PREFIX = ';profile:';

/**
 * What identifies a JPEG whatever metadata travels with it: a SHA-256 of its segments without APPn and comments.
 * Chromium embeds a photo's JPEG in the PDF it prints without them (EXIF, ICC, JFIF), the rest byte for byte.
 * Undefined for anything that is not a baseline/progressive JPEG we can walk.
 */
export function jpegIdentity(bytes: Uint8Array): string | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const hash = createHash('sha256').update(bytes.subarray(0, 2));
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xda) {
      hash.update(bytes.subarray(at));
      return hash.digest('hex');
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    const metadata = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (!metadata) hash.update(bytes.subarray(at, end));
    at = end;
  }
  return undefined;
}

/** The JPEG without its APPn segments except Adobe's APP14 (it says how the CMYK is stored), no ICC or EXIF. */
function withoutMetadata(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    const marker = bytes[at + 1];
    if (marker === 0xda) {
      parts.push(bytes.subarray(at));
      break;
    }
    const end = at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
    if (!((marker >= 0xe0 && marker <= 0xef && marker !== 0xee) || marker === 0xfe))
      parts.push(bytes.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

function withComment(jpeg: Uint8Array, text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const segment = new Uint8Array([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** What a CMYK copy names in its first comment (from its first bytes): its source and the profile's hash. */
export function cmykCopyHeader(
  head: Uint8Array,
): { sourceIdentity: string; profileHash?: string } | undefined {
  if (head[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff || head[3] !== 0xfe) return undefined;
  const length = (head[4] << 8) | head[5];
  const text = Buffer.from(head.subarray(6, 4 + length)).toString('latin1');
  if (!text.startsWith(IDENTITY_PREFIX)) return undefined;
  const [sourceIdentity, profileHash] = text.slice(IDENTITY_PREFIX.length).split(PROFILE_PREFIX);
  return { sourceIdentity, profileHash };
}

/** The source identity a CMYK copy names in its first comment, from its first bytes. */
export const cmykSourceIdentity = (head: Uint8Array) => cmykCopyHeader(head)?.sourceIdentity;

const copyComment = (sourceIdentity: string, profile: CmykProfile) =>
  `${IDENTITY_PREFIX}${sourceIdentity}${PROFILE_PREFIX}${profile.hash}`;

export interface CmykJpeg {
  /** Adobe-style CMYK JPEG (inverted samples: embed with Decode [1 0 1 0 1 0 1 0]), same pixel size as the source. */
  data: Uint8Array;
  width: number;
  height: number;
  sourceIdentity: string;
}

/**
 * Converts an RGB JPEG to CMYK: the photo alone on a page of its pixel size, rendered by Ghostscript's jpegcmyk
 * device at 72 dpi (one device pixel per image pixel) through the profile. At its full pixel size, or at a smaller
 * `size`: then the photo is first resampled by sharp (Lanczos 3) and handed to Ghostscript as raw pixels, so it is
 * compressed only once.
 */
export async function convertJpegToCmyk(
  jpeg: Uint8Array,
  options: { profile?: CmykProfile; gsPath?: string; size?: { width: number; height: number } } = {},
): Promise<CmykJpeg> {
  const sourceIdentity = jpegIdentity(jpeg);
  if (!sourceIdentity) throw new Error('Not a JPEG');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const full = jpegSize(jpeg);
  const size = options.size;
  const image =
    size && full && (size.width < full.width || size.height < full.height)
      ? await embedResampled(doc, sharp(jpeg), size)
      : await doc.embedJpg(jpeg);
  return renderCmyk(doc, image, sourceIdentity, options);
}

/**
 * Converts raw 8-bit RGB pixels (a PNG or a filtered photo as Chromium embedded it, print/cmyk-photos.ts) to CMYK
 * the same way, optionally resampled to a smaller `size` first. `sourceIdentity` is `pixelIdentity` of the pixels.
 */
export async function convertPixelsToCmyk(
  pixels: Uint8Array,
  pixelSize: { width: number; height: number },
  sourceIdentity: string,
  options: { profile?: CmykProfile; gsPath?: string; size?: { width: number; height: number } } = {},
): Promise<CmykJpeg> {
  if (pixels.length !== pixelSize.width * pixelSize.height * 3) throw new Error('Not 8-bit RGB pixels');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const raw = { raw: { width: pixelSize.width, height: pixelSize.height, channels: 3 as const } };
  const size = options.size;
  const image =
    size && (size.width < pixelSize.width || size.height < pixelSize.height)
      ? await embedResampled(doc, sharp(pixels, raw), size)
      : embedRgb(doc, pixels, pixelSize);
  return renderCmyk(doc, image, sourceIdentity, options);
}

/** What identifies raw RGB pixels: a SHA-256 of their size and samples. */
export function pixelIdentity(pixels: Uint8Array, size: { width: number; height: number }): string {
  return createHash('sha256').update(`rgb8:${size.width}x${size.height}:`).update(pixels).digest('hex');
}

/** The one image of `doc` drawn on a page of its pixel size, through Ghostscript's jpegcmyk device and the profile. */
async function renderCmyk(
  doc: PDFDocument,
  image: { width: number; height: number; ref: PDFRef },
  sourceIdentity: string,
  options: { profile?: CmykProfile; gsPath?: string },
): Promise<CmykJpeg> {
  const profile = requireCmykProfile(options.profile);
  const page = doc.addPage([image.width, image.height]);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(image.width, 0, 0, image.height, 0, 0),
    drawObject(page.node.newXObject('Photo', image.ref)),
    popGraphicsState(),
  );
  const dir = await mkdtemp(join(tmpdir(), 'stickerbook-cmyk-'));
  try {
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'out.jpg');
    await writeFile(input, await doc.save());
    await run(
      options.gsPath ?? 'gs',
      [
        '-dBATCH',
        '-dNOPAUSE',
        '-dQUIET',
        '-dSAFER',
        `--permit-file-read=${profile.path}`,
        '-sDEVICE=jpegcmyk',
        '-r72',
        `-dJPEGQ=${CMYK_JPEG_QUALITY}`,
        `-sOutputICCProfile=${profile.path}`,
        `-sOutputFile=${output}`,
        input,
      ],
      { maxBuffer: 16 * 1024 * 1024, timeout: 5 * 60_000 },
    );
    const data = withComment(withoutMetadata(await readFile(output)), copyComment(sourceIdentity, profile));
    return { data, width: image.width, height: image.height, sourceIdentity };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Raw RGB pixels as an image of the document. */
function embedRgb(doc: PDFDocument, pixels: Uint8Array, size: { width: number; height: number }) {
  const ref = doc.context.register(
    doc.context.flateStream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: size.width,
      Height: size.height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  return { ...size, ref };
}

/** The photo resampled to `size` (sharp, Lanczos 3) as a raw RGB image of the document. */
async function embedResampled(doc: PDFDocument, photo: Sharp, size: { width: number; height: number }) {
  const { data, info } = await photo
    .removeAlpha()
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return embedRgb(doc, data, { width: info.width, height: info.height });
}

/** Whether this machine can make CMYK copies (Debian's ghostscript with its profile). */
export const canMakeCmykVariants = () => findCmykProfile() !== undefined;

/**
 * The CMYK copy of the JPEG stored at `sourceKey`, through the profile and at `size` (default: whatever size a
 * copy through this profile has, else the photo's own): read when it fits, resampled by sharp from a larger copy
 * through the same profile (Lanczos 3, no second trip through Ghostscript), else made from the source and stored
 * (a second caller at the same moment writes the same bytes).
 */
export async function cmykVariant(
  storage: BlobStorage,
  sourceKey: string,
  options: { profile?: CmykProfile; size?: { width: number; height: number } } = {},
): Promise<CmykJpeg> {
  return cachedCmykCopy(storage, cmykVariantKey(sourceKey), options, async (profile, size) =>
    convertJpegToCmyk(await storage.read(sourceKey), { profile, size }),
  );
}

/**
 * The CMYK copy stored at `key` when it was made through the profile at the size asked for, or resampled from a
 * larger one; else `make` makes it and it is stored there.
 */
export async function cachedCmykCopy(
  storage: BlobStorage,
  key: string,
  options: { profile?: CmykProfile; size?: { width: number; height: number } },
  make: (profile: CmykProfile, size?: { width: number; height: number }) => Promise<CmykJpeg>,
): Promise<CmykJpeg> {
  const profile = requireCmykProfile(options.profile);
  const wanted = options.size;
  if (await storage.stat(key)) {
    // The Buffer as it was read: a copy of 48 ten-megabyte files cost a second of fresh memory per export.
    const data: Uint8Array = await storage.read(key);
    const header = cmykCopyHeader(data);
    const size = jpegSize(data);
    if (header && size && header.profileHash === profile.hash) {
      const copy = { data, ...size, sourceIdentity: header.sourceIdentity };
      if (!wanted || (wanted.width === size.width && wanted.height === size.height)) return copy;
      if (wanted.width < size.width && wanted.height < size.height) {
        const made = await resampleCmyk(copy, wanted, profile);
        await storage.put(key, Buffer.from(made.data), 'image/jpeg');
        return made;
      }
    }
  }
  const made = await make(profile, wanted);
  await storage.put(key, Buffer.from(made.data), 'image/jpeg');
  return made;
}

/** A smaller copy of a CMYK copy: sharp resamples the CMYK samples themselves (Lanczos 3), no colour change. */
async function resampleCmyk(
  copy: CmykJpeg,
  size: { width: number; height: number },
  profile: CmykProfile,
): Promise<CmykJpeg> {
  const { data, info } = await sharp(copy.data)
    .pipelineColourspace('cmyk')
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('cmyk')
    .jpeg({ quality: RESAMPLED_JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return {
    data: withComment(withoutMetadata(data), copyComment(copy.sourceIdentity, profile)),
    width: info.width,
    height: info.height,
    sourceIdentity: copy.sourceIdentity,
  };
}

/** Pixel size from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    }
    at += 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
  }
  return undefined;
}
