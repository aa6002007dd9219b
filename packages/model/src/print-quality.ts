/**
 * Print quality of placed images (SPEC §5 "Print quality", §8 'Niedrige Auflösung').
 *
 * The effective resolution of a photo is how many of its original pixels fall on an inch of paper at the size it
 * is placed. The renderer draws a photo to cover its frame, times the crop scale `cscale` (web/src/render/image/
 * crop.ts), and the frame itself is scaled by its `scale` and those of its groups; so one original pixel covers
 * `cover * cscale * scale` mm, and the dpi is 25.4 divided by that.
 */
import { IMAGE_MAX_SIDE_PX, IMAGE_MIN_DPI } from './constants.ts';
import type { AlbumDocument, DocNode } from './document.ts';
import { descendantsOf, spreadOf, spreadsInOrder } from './tree.ts';

/**
 * Below this the element shows the low-resolution warning; below IMAGE_MIN_DPI it is an error. 150 dpi, not
 * 300: at arm's length a photo book printed at 150 dpi looks sharp, and a badge on every phone photo that is
 * merely not perfect taught users to ignore it.
 */
const IMAGE_WARN_DPI = 150;
const MM_PER_INCH = 25.4;

export type PrintQualityCode = 'IMAGE_SIDE_TOO_LONG' | 'IMAGE_RESOLUTION_TOO_LOW' | 'IMAGE_LOW_RESOLUTION';
export type PrintQualitySeverity = 'error' | 'warning';

/** What the check needs of an image record: its original's pixel size (`details.width/height`). */
export interface ImagePixels {
  width: number;
  height: number;
}

export interface PrintQualityIssue {
  code: PrintQualityCode;
  severity: PrintQualitySeverity;
  /** The Image element, or the StickerCell showing a sticker's photo. */
  elementId: string;
  imageId: string;
  spreadId: string | undefined;
  /** Effective resolution at the placed size, rounded down. */
  dpi: number;
}

export interface PlacedFrame {
  /** Frame size in mm as drawn (width/height times the element's and its groups' scale). */
  widthMm: number;
  heightMm: number;
  cscale?: number;
}

/** Pixels per inch of paper of a photo covering a frame at crop scale cscale. */
export function effectiveDpi(frame: PlacedFrame, image: ImagePixels): number {
  if (image.width <= 0 || image.height <= 0 || frame.widthMm <= 0 || frame.heightMm <= 0) return Infinity;
  const mmPerPixel = Math.max(frame.widthMm / image.width, frame.heightMm / image.height);
  const cscale = frame.cscale && frame.cscale > 0 ? frame.cscale : 1;
  return MM_PER_INCH / (mmPerPixel * cscale);
}

/** The verdict for one placed image, or undefined when it prints well. */
export function imagePrintQuality(
  frame: PlacedFrame,
  image: ImagePixels,
  options: { checkMaxSide?: boolean } = {},
): { code: PrintQualityCode; severity: PrintQualitySeverity; dpi: number } | undefined {
  // The epsilon keeps 126.99999 (floating point) from becoming 126.
  const dpi = Math.floor(effectiveDpi(frame, image) + 1e-9);
  if ((options.checkMaxSide ?? true) && Math.max(image.width, image.height) > IMAGE_MAX_SIDE_PX) {
    return { code: 'IMAGE_SIDE_TOO_LONG', severity: 'error', dpi };
  }
  if (dpi < IMAGE_MIN_DPI) return { code: 'IMAGE_RESOLUTION_TOO_LOW', severity: 'error', dpi };
  if (dpi < IMAGE_WARN_DPI) return { code: 'IMAGE_LOW_RESOLUTION', severity: 'warning', dpi };
  return undefined;
}

/** The key a placed stock photo (`pexelsId`) has in the image lookup. */
export const stockImageKey = (pexelsId: number) => `pexels:${pexelsId}`;

type ImageLookup = ReadonlyMap<string, ImagePixels> | Readonly<Record<string, ImagePixels | undefined>>;

function lookup(images: ImageLookup, id: string): ImagePixels | undefined {
  if (images instanceof Map) return images.get(id);
  return Object.hasOwn(images, id) ? (images as Record<string, ImagePixels | undefined>)[id] : undefined;
}

/** The element's scale times the scales of the groups around it. */
function drawnScale(doc: AlbumDocument, node: DocNode): number {
  let scale = 1;
  let current: DocNode | undefined = node;
  while (current && current.type !== 'Spread') {
    const s = current.props.scale;
    if (typeof s === 'number' && s > 0) scale *= s;
    current = current.parentId ? doc.nodes[current.parentId] : undefined;
  }
  return scale;
}

/** The print-quality verdict of one element (an Image, or a StickerCell with a sticker photo). */
function elementPrintQuality(
  doc: AlbumDocument,
  elementId: string,
  images: ImageLookup,
): PrintQualityIssue | undefined {
  const node = doc.nodes[elementId];
  if (!node) return undefined;
  let imageId: string | undefined;
  let cscale: number | undefined;
  let stock = false;
  if (node.type === 'Image' && typeof node.props.image === 'string' && node.props.image !== '') {
    imageId = node.props.image;
    cscale = node.props.cscale as number | undefined;
  } else if (node.type === 'Image' && typeof node.props.pexelsId === 'number') {
    // A stock photo has no image record: it is looked up as `pexels:<id>` (the renderer's key for it,
    // web/src/render/elements/ImageEl.tsx), with the pixel size of the original its provider reports.
    imageId = stockImageKey(node.props.pexelsId);
    cscale = node.props.cscale as number | undefined;
    stock = true;
  } else if (node.type === 'StickerCell' && typeof node.props.stickerId === 'string') {
    const sticker = doc.stickers[node.props.stickerId];
    imageId = sticker?.image ?? undefined;
    cscale = sticker?.cscale;
  }
  if (!imageId) return undefined;
  const pixels = lookup(images, imageId);
  if (!pixels) return undefined;
  const scale = drawnScale(doc, node);
  const width = Number(node.props.width) * scale;
  const height = Number(node.props.height) * scale;
  // The 6000 px limit is an upload rule the user can act on (upload a smaller file); a stock photo's original is
  // the provider's, often larger, and only its resolution at the placed size is the user's to fix.
  const verdict = imagePrintQuality({ widthMm: width, heightMm: height, cscale }, pixels, {
    checkMaxSide: !stock,
  });
  if (!verdict) return undefined;
  return { ...verdict, elementId, imageId, spreadId: spreadOf(doc, elementId)?.id };
}

/**
 * Every placed image that prints badly, in album order (spreads in order, elements in drawing order), errors and
 * warnings alike: the preflight list of the top bar. Stock photos are judged like uploads, by the pixel size of
 * their original under `stockImageKey(pexelsId)`. Images without known pixels (not loaded yet) are skipped.
 */
export function preflight(doc: AlbumDocument, imagesById: ImageLookup): PrintQualityIssue[] {
  const issues: PrintQualityIssue[] = [];
  for (const spread of spreadsInOrder(doc)) {
    for (const node of descendantsOf(doc, spread.id)) {
      if (node.type !== 'Image' && node.type !== 'StickerCell') continue;
      const issue = elementPrintQuality(doc, node.id, imagesById);
      if (issue) issues.push(issue);
    }
  }
  return issues;
}
