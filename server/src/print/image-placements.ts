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
import { CONTENT_TOKEN } from './black-text.ts';

/** A placed size in points. */
export interface PlacedSize {
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** Forms inside forms: Chromium nests a few (transparency groups); a loop in a broken file stops here. */
const MAX_DEPTH = 16;

/** m × n, PDF's row-vector convention (a new `cm` is applied before the current matrix). */
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

const numbers = (object: PDFObject | undefined): number[] | undefined =>
  object instanceof PDFArray
    ? object.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : NaN))
    : undefined;

/**
 * The largest size each image XObject is drawn at anywhere in the document, by the image's object number: the
 * pages' content streams and the forms they draw are followed with their transformation matrices (`q`, `Q`, `cm`,
 * a form's Matrix), and an image drawn with `Do` covers its unit square mapped by the matrix. What a photo's pixels
 * are worth on paper (its effective resolution) is its pixel size over this size; clipping (a photo cropped to its
 * frame) does not change it. Images drawn only through patterns or masks are not in the answer.
 */
export function largestImagePlacements(doc: PDFDocument): Map<number, PlacedSize> {
  const placed = new Map<number, PlacedSize>();
  const context = doc.context;

  const walk = (
    contents: readonly PDFRawStream[],
    resources: PDFDict | undefined,
    start: Matrix,
    depth: number,
  ) => {
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    let ctm = start;
    const saved: Matrix[] = [];
    let operands: string[] = [];
    for (const stream of contents) {
      let text: string;
      try {
        text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      } catch {
        continue; // a filter pdf-lib cannot decode: nothing Chromium writes
      }
      for (const match of text.matchAll(CONTENT_TOKEN)) {
        const token = match[0];
        if (token.startsWith('%')) continue;
        if (NUMBER.test(token) || /^[(<[/\]]/.test(token) || token === '>>') {
          operands.push(token);
          continue;
        }
        if (token === 'q') saved.push(ctm);
        else if (token === 'Q') ctm = saved.pop() ?? start;
        else if (token === 'cm' && operands.length >= 6) {
          const m = operands.slice(-6).map(Number) as Matrix;
          if (m.every(Number.isFinite)) ctm = multiply(m, ctm);
        } else if (token === 'Do' && operands.length >= 1 && xobjects) {
          const name = operands[operands.length - 1];
          const ref = xobjects.get(PDFName.of(name.slice(1)));
          const object = ref instanceof PDFRef ? context.lookup(ref) : undefined;
          if (ref instanceof PDFRef && object instanceof PDFRawStream) {
            const subtype = object.dict.get(PDFName.of('Subtype'));
            if (subtype === PDFName.of('Image')) {
              const size = { width: Math.hypot(ctm[0], ctm[1]), height: Math.hypot(ctm[2], ctm[3]) };
              const known = placed.get(ref.objectNumber);
              placed.set(ref.objectNumber, {
                width: Math.max(size.width, known?.width ?? 0),
                height: Math.max(size.height, known?.height ?? 0),
              });
            } else if (subtype === PDFName.of('Form') && depth < MAX_DEPTH) {
              const matrix = numbers(object.dict.get(PDFName.of('Matrix')));
              const formMatrix =
                matrix?.length === 6 && matrix.every(Number.isFinite) ? (matrix as Matrix) : IDENTITY;
              const own = object.dict.lookupMaybe(PDFName.of('Resources'), PDFDict);
              walk([object], own ?? resources, multiply(formMatrix, ctm), depth + 1);
            }
          }
        }
        operands = [];
      }
    }
  };

  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = (contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [])
      .map((item) => (item instanceof PDFRef ? context.lookup(item) : item))
      .filter((item): item is PDFRawStream => item instanceof PDFRawStream);
    walk(streams, page.node.Resources(), IDENTITY, 0);
  }
  return placed;
}

/** Print shops resample photos above this effective resolution (Acrobat's and Ghostscript's `/prepress`). */
const RESAMPLE_ABOVE_DPI = 450;
/** ... down to this one. */
const RESAMPLE_TO_DPI = 300;

/**
 * The pixel size a photo is embedded at: its own, or, when its effective resolution at its largest placement is
 * above 450 dpi, what gives 300 dpi there (the sharper axis of a stretched photo decides, so neither falls below).
 */
export function printPixelSize(
  pixels: { width: number; height: number },
  placed: PlacedSize | undefined,
): { width: number; height: number } {
  if (!placed || placed.width <= 0 || placed.height <= 0) return pixels;
  const dpi = Math.min((pixels.width * 72) / placed.width, (pixels.height * 72) / placed.height);
  if (dpi <= RESAMPLE_ABOVE_DPI) return pixels;
  const scale = RESAMPLE_TO_DPI / dpi;
  return {
    width: Math.max(1, Math.round(pixels.width * scale)),
    height: Math.max(1, Math.round(pixels.height * scale)),
  };
}
