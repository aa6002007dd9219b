import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { jpegIdentity, type CmykJpeg } from '../images/cmyk-variant.ts';
import { largestImagePlacements, printPixelSize } from './image-placements.ts';

/** A photo Chromium embedded as its JPEG: what identifies it, its pixel size and the size to print it at. */
interface EmbeddedPhoto {
  identity: string;
  width: number;
  height: number;
  /** Its own pixel size, or smaller when it is above 450 dpi where it is placed (image-placements.ts). */
  print: { width: number; height: number };
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

export interface HeldPhotos {
  /** Stand-in height -> the CMYK copy to put in its place. */
  byHeight: Map<number, CmykJpeg>;
}

const name = (dict: PDFDict, key: string) => dict.get(PDFName.of(key));
const numberOf = (object: PDFObject | undefined) =>
  object instanceof PDFNumber ? object.asNumber() : undefined;

/** An 8-bit RGB DCT image with nothing that changes how its samples are read (mask, decode array, alpha). */
function isPlainRgbJpeg(doc: PDFDocument, stream: PDFRawStream): boolean {
  const dict = stream.dict;
  if (name(dict, 'Subtype') !== PDFName.of('Image')) return false;
  if (name(dict, 'Filter') !== PDFName.of('DCTDecode')) return false;
  if (numberOf(name(dict, 'BitsPerComponent')) !== 8) return false;
  if (name(dict, 'SMask') || name(dict, 'Mask') || name(dict, 'Decode') || name(dict, 'ImageMask'))
    return false;
  const space = doc.context.lookup(name(dict, 'ColorSpace'));
  if (space === PDFName.of('DeviceRGB')) return true;
  if (!(space instanceof PDFArray) || space.get(0) !== PDFName.of('ICCBased')) return false;
  const profile = doc.context.lookup(space.get(1));
  return profile instanceof PDFRawStream && numberOf(profile.dict.get(PDFName.of('N'))) === 3;
}

/**
 * Before the Ghostscript pass: every RGB photo whose CMYK copy the source knows is swapped for a tiny gray
 * stand-in, so Ghostscript converts only vectors and text (seconds instead of minutes). `putBackPhotos` puts the
 * CMYK copies in the stand-ins' places in Ghostscript's output.
 */
export async function holdOutPhotos(doc: PDFDocument, source: CmykPhotoSource): Promise<HeldPhotos> {
  const candidates: Array<{ ref: PDFRef; photo: EmbeddedPhoto }> = [];
  const placements = largestImagePlacements(doc);
  // The same photo embedded twice (in two chunks of pages) is printed at the size its largest placement needs.
  const printSizes = new Map<string, { width: number; height: number }>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || !isPlainRgbJpeg(doc, object)) continue;
    const identity = jpegIdentity(object.contents);
    const width = numberOf(name(object.dict, 'Width'));
    const height = numberOf(name(object.dict, 'Height'));
    if (!identity || !width || !height) continue;
    const print = printPixelSize({ width, height }, placements.get(ref.objectNumber));
    const known = printSizes.get(identity);
    if (!known || print.width > known.width) printSizes.set(identity, print);
    candidates.push({ ref, photo: { identity, width, height, print } });
  }
  for (const candidate of candidates) candidate.photo.print = printSizes.get(candidate.photo.identity)!;
  const byHeight = new Map<number, CmykJpeg>();
  if (candidates.length === 0) return { byHeight };
  const known = await source(candidates.map((c) => c.photo));
  const heights = new Map<string, number>();
  for (const { ref, photo } of candidates) {
    const cmyk = known.get(photo.identity);
    if (!cmyk || cmyk.width !== photo.print.width || cmyk.height !== photo.print.height) continue;
    let height = heights.get(photo.identity);
    if (height === undefined) {
      height = STAND_IN_BASE_HEIGHT + heights.size;
      heights.set(photo.identity, height);
      byHeight.set(height, cmyk);
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
    const cmyk = height === undefined ? undefined : held.byHeight.get(height);
    if (!cmyk || height === undefined) continue;
    found.add(height);
    doc.context.assign(
      ref,
      doc.context.stream(cmyk.data, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: cmyk.width,
        Height: cmyk.height,
        ColorSpace: 'DeviceCMYK',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
        // Adobe-style CMYK JPEG: the samples are stored inverted.
        Decode: [1, 0, 1, 0, 1, 0, 1, 0],
      }),
    );
  }
  if (found.size !== held.byHeight.size)
    throw new Error(`${held.byHeight.size - found.size} photos went missing in the CMYK conversion`);
}
