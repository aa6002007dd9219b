import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { jpegIdentity, pixelIdentity, type CmykJpeg } from '../images/cmyk-variant.ts';
import { largestImagePlacements, printPixelSize } from './image-placements.ts';

/**
 * A photo Chromium embedded: as its JPEG (what identifies it is the JPEG's, `jpegIdentity`), or as raw pixels (a PNG
 * with transparency or a photo with filters: `pixels` inflates them again when a CMYK copy has to be made, and the
 * identity is theirs, `pixelIdentity`). Its pixel size and the size to print it at.
 */
interface EmbeddedPhoto {
  identity: string;
  width: number;
  height: number;
  /** Its own pixel size, or smaller when it is above 450 dpi where it is placed (image-placements.ts). */
  print: { width: number; height: number };
  /** Raw 8-bit RGB samples, for a photo embedded as pixels; undefined for a JPEG. */
  pixels?: () => Uint8Array;
}

/**
 * Finds the CMYK copies (images/cmyk-variant.ts) of the photos a print file embeds, by identity, each at the
 * photo's print size; photos it does not know are left out of the answer and go through Ghostscript as before.
 */
export type CmykPhotoSource = (photos: readonly EmbeddedPhoto[]) => Promise<Map<string, CmykJpeg>>;

/**
 * Stand-ins for held-out photos are 1 pixel wide and this many pixels high plus their number: Ghostscript keeps an
 * image's pixel size, so the stand-in is recognisable in its output whatever object number it gets, and two
 * different stand-ins never look alike to its duplicate detection (the same photo twice shares one).
 */
const STAND_IN_BASE_HEIGHT = 9973;

/**
 * Smaller pictures embedded as pixels (icons, a pattern's tile, a sticker's artwork) stay in Ghostscript's pass:
 * it converts them in no time, and a stored copy each would cost more than it saves.
 */
const MIN_PIXEL_PHOTO_AREA = 256 * 256;

/** A photo's transparency (its soft mask), kept as Chromium wrote it: gray levels need no colour conversion. */
interface SoftMask {
  contents: Uint8Array;
  width: number;
  height: number;
  /** Flate-compressed, as Chromium writes it; else stored as it is. */
  flate: boolean;
}

export interface HeldPhotos {
  /** Stand-in height -> the CMYK copy to put in its place, and the soft mask it had. */
  byHeight: Map<number, { cmyk: CmykJpeg; softMask?: SoftMask }>;
}

const name = (dict: PDFDict, key: string) => dict.get(PDFName.of(key));
const numberOf = (object: PDFObject | undefined) =>
  object instanceof PDFNumber ? object.asNumber() : undefined;

function isRgb(doc: PDFDocument, dict: PDFDict): boolean {
  const space = doc.context.lookup(name(dict, 'ColorSpace'));
  if (space === PDFName.of('DeviceRGB')) return true;
  if (!(space instanceof PDFArray) || space.get(0) !== PDFName.of('ICCBased')) return false;
  const profile = doc.context.lookup(space.get(1));
  return profile instanceof PDFRawStream && numberOf(profile.dict.get(PDFName.of('N'))) === 3;
}

/**
 * How a photo is embedded, when it is one we can hold out: an 8-bit RGB DCT image with nothing that changes how its
 * samples are read (`jpeg`), or an 8-bit RGB Flate image without a predictor, large enough to be a photo, with at
 * most a plain 8-bit gray soft mask (`pixels`). Anything else stays in Ghostscript's pass.
 */
function photoEncoding(doc: PDFDocument, stream: PDFRawStream): 'jpeg' | 'pixels' | undefined {
  const dict = stream.dict;
  if (name(dict, 'Subtype') !== PDFName.of('Image')) return undefined;
  if (numberOf(name(dict, 'BitsPerComponent')) !== 8) return undefined;
  if (name(dict, 'Mask') || name(dict, 'Decode') || name(dict, 'ImageMask')) return undefined;
  if (!isRgb(doc, dict)) return undefined;
  const filter = name(dict, 'Filter');
  if (filter === PDFName.of('DCTDecode')) return name(dict, 'SMask') ? undefined : 'jpeg';
  if (filter !== PDFName.of('FlateDecode') || name(dict, 'DecodeParms')) return undefined;
  const area = (numberOf(name(dict, 'Width')) ?? 0) * (numberOf(name(dict, 'Height')) ?? 0);
  if (area < MIN_PIXEL_PHOTO_AREA) return undefined;
  const mask = name(dict, 'SMask');
  return mask === undefined || softMaskOf(doc, mask) ? 'pixels' : undefined;
}

function softMaskOf(doc: PDFDocument, ref: PDFObject): SoftMask | undefined {
  const mask = doc.context.lookup(ref);
  if (!(mask instanceof PDFRawStream)) return undefined;
  const dict = mask.dict;
  if (doc.context.lookup(name(dict, 'ColorSpace')) !== PDFName.of('DeviceGray')) return undefined;
  if (numberOf(name(dict, 'BitsPerComponent')) !== 8) return undefined;
  if (name(dict, 'Matte') || name(dict, 'Decode') || name(dict, 'DecodeParms')) return undefined;
  const filter = name(dict, 'Filter');
  if (filter !== undefined && filter !== PDFName.of('FlateDecode')) return undefined;
  const width = numberOf(name(dict, 'Width'));
  const height = numberOf(name(dict, 'Height'));
  if (!width || !height) return undefined;
  return {
    contents: mask.contents,
    width,
    height,
    flate: filter !== undefined,
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Before the Ghostscript pass: every RGB photo whose CMYK copy the source knows is swapped for a tiny gray
 * stand-in, so Ghostscript converts only vectors and text (seconds instead of minutes). `putBackPhotos` puts the
 * CMYK copies in the stand-ins' places in Ghostscript's output, with the soft mask a photo had.
 */
export async function holdOutPhotos(doc: PDFDocument, source: CmykPhotoSource): Promise<HeldPhotos> {
  const candidates: Array<{ ref: PDFRef; photo: EmbeddedPhoto; softMask?: SoftMask }> = [];
  const placements = largestImagePlacements(doc);
  // The same photo embedded twice (in two chunks of pages) is printed at the size its largest placement needs.
  const printSizes = new Map<string, { width: number; height: number }>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const encoding = photoEncoding(doc, object);
    if (!encoding) continue;
    const width = numberOf(name(object.dict, 'Width'));
    const height = numberOf(name(object.dict, 'Height'));
    if (!width || !height) continue;
    const size = { width, height };
    const pixels = encoding === 'pixels' ? () => decodePDFRawStream(object).decode() : undefined;
    let identity: string | undefined;
    if (pixels) {
      const samples = pixels();
      if (samples.length !== width * height * 3) continue;
      identity = pixelIdentity(samples, size);
    } else identity = jpegIdentity(object.contents);
    if (!identity) continue;
    const mask = name(object.dict, 'SMask');
    const softMask = mask === undefined ? undefined : softMaskOf(doc, mask);
    const print = printPixelSize(size, placements.get(ref.objectNumber));
    const known = printSizes.get(identity);
    if (!known || print.width > known.width) printSizes.set(identity, print);
    candidates.push({ ref, photo: { identity, width, height, print, pixels }, softMask });
  }
  for (const candidate of candidates) candidate.photo.print = printSizes.get(candidate.photo.identity)!;
  const byHeight: HeldPhotos['byHeight'] = new Map();
  if (candidates.length === 0) return { byHeight };
  const unique = new Map(candidates.map((c) => [c.photo.identity, c.photo]));
  const known = await source([...unique.values()]);
  // One stand-in per photo and soft mask: the same pixels with another transparency are another picture.
  const heights = new Map<string, number>();
  for (const { ref, photo, softMask } of candidates) {
    const cmyk = known.get(photo.identity);
    if (!cmyk || cmyk.width !== photo.print.width || cmyk.height !== photo.print.height) continue;
    const key = softMask ? `${photo.identity}:${sha256(softMask.contents)}` : photo.identity;
    let height = heights.get(key);
    if (height === undefined) {
      height = STAND_IN_BASE_HEIGHT + heights.size;
      heights.set(key, height);
      byHeight.set(height, { cmyk, softMask });
    }
    doc.context.assign(
      ref,
      doc.context.flateStream(new Uint8Array(height), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
  }
  return { byHeight };
}

/**
 * After the Ghostscript pass: each stand-in becomes its photo's CMYK JPEG, embedded as it is (DeviceCMYK, at its
 * print size: the placement draws the image's unit square, so fewer pixels cover the same area). Throws if a stand-in went missing, so a file never reaches the printer with a gray line instead of
 * a photo.
 */
export function putBackPhotos(doc: PDFDocument, held: HeldPhotos): void {
  if (held.byHeight.size === 0) return;
  const found = new Set<number>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || name(object.dict, 'Subtype') !== PDFName.of('Image')) continue;
    if (numberOf(name(object.dict, 'Width')) !== 1) continue;
    const height = numberOf(name(object.dict, 'Height'));
    const photo = height === undefined ? undefined : held.byHeight.get(height);
    if (!photo || height === undefined) continue;
    found.add(height);
    const { cmyk, softMask } = photo;
    const photoStream = doc.context.stream(cmyk.data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: cmyk.width,
      Height: cmyk.height,
      ColorSpace: 'DeviceCMYK',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
      // Adobe-style CMYK JPEG: the samples are stored inverted.
      Decode: [1, 0, 1, 0, 1, 0, 1, 0],
    });
    if (softMask) {
      // A soft mask covers its image's unit square whatever its own pixel size, so it fits a resampled copy too.
      const mask = doc.context.stream(softMask.contents, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: softMask.width,
        Height: softMask.height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      });
      if (softMask.flate) mask.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
      photoStream.dict.set(PDFName.of('SMask'), doc.context.register(mask));
    }
    doc.context.assign(ref, photoStream);
  }
  if (found.size !== held.byHeight.size)
    throw new Error(`${held.byHeight.size - found.size} photos went missing in the CMYK conversion`);
}
