import { IMAGE_UPLOAD_MAX_PIXELS } from '@stickerbook/model';
import sharp, { type Sharp } from 'sharp';
import type { ImageVariantFile, ImageVariantName } from '../db/schema.ts';
import type { BlobStorage } from '../storage/index.ts';
import type { CmykProfile } from '../config/output-profile.ts';
import { canMakeCmykVariants, cmykVariant } from './cmyk-variant.ts';

/**
 * Longest side of each variant. The renderer picks one by zoom (small < 100 %, medium < 500 %, large < 1000 %,
 * else full; DESIGN.md "One renderer"); print uses `original`. Smaller photos are never scaled up.
 */
const VARIANT_SIDES_PX = { small: 480, medium: 1200, large: 2400, full: 4000 } as const;
type ScaledVariant = keyof typeof VARIANT_SIDES_PX;
export const VARIANT_NAMES: readonly ImageVariantName[] = ['small', 'medium', 'large', 'full', 'original'];

// libvips' operation cache holds decoded images between calls; variants never reuse one (every size is made from
// pixels decoded once), so it only costs memory: 20 parallel uploads must stay under 1 GB of RSS. libvips'
// threads per image are left to sharp, which already uses one on glibc (its allocator fragments with more).
sharp.cache(false);

export interface VariantSource {
  imageId: string;
  type: 'image/jpeg' | 'image/png' | 'image/svg+xml';
  /** Storage key of the uploaded file. */
  blobKey: string;
  orientation?: number;
  hasIccProfile: boolean;
  hasAlpha: boolean;
}

const variantKey = (imageId: string, name: ImageVariantName, extension: string) =>
  `images/${imageId}/${name}.${extension}`;

/**
 * Writes small, medium, large and full (EXIF orientation applied, colour converted to sRGB and tagged as such,
 * metadata stripped) and decides `original`: the uploaded file itself when it is already upright and untagged
 * (print gets the untouched bytes), else a full-size upright sRGB copy. SVGs are rasterised to PNG; their original
 * is the (checked) SVG itself, which prints as vectors.
 */
export async function makeVariants(
  storage: BlobStorage,
  source: VariantSource,
  /** The print partner's CMYK profile the photo's print copy is made through (default Ghostscript's). */
  options: { profile?: CmykProfile } = {},
): Promise<Record<ImageVariantName, ImageVariantFile>> {
  const input = await storage.read(source.blobKey);
  if (source.type === 'image/svg+xml') return makeSvgVariants(storage, source, input);
  const result = {} as Record<ImageVariantName, ImageVariantFile>;
  const png = source.type !== 'image/jpeg' && source.hasAlpha;
  const extension = png ? 'png' : 'jpg';
  const contentType = png ? 'image/png' : 'image/jpeg';
  // An upright file without a foreign colour profile is already what print needs: reuse its bytes wherever a
  // variant would have its full size (original, and full/large for photos smaller than those).
  const reusable = (source.orientation ?? 1) === 1 && !source.hasIccProfile;

  // Decode once (upright, sRGB) and make every size from the pixels: decoding a 12 MP JPEG costs more than
  // resizing it, and doing it once per variant made 20 parallel uploads take minutes.
  const decoded = await sharp(input, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const fromPixels = () => sharp(decoded.data, { raw: { width, height, channels } });

  for (const name of Object.keys(VARIANT_SIDES_PX) as ScaledVariant[]) {
    const side = VARIANT_SIDES_PX[name];
    if (reusable && Math.max(width, height) <= side) {
      result[name] = { key: source.blobKey, width, height, contentType: source.type };
      continue;
    }
    const resized = fromPixels().resize(side, side, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await encode(resized, png).toBuffer({ resolveWithObject: true });
    const key = variantKey(source.imageId, name, extension);
    await storage.put(key, data, contentType);
    result[name] = { key, width: info.width, height: info.height, contentType };
  }

  if (reusable) {
    result.original = { key: source.blobKey, width, height, contentType: source.type };
  } else {
    const { data, info } = await encode(fromPixels(), png, 92).toBuffer({ resolveWithObject: true });
    const key = variantKey(source.imageId, 'original', extension);
    await storage.put(key, data, contentType);
    result.original = { key, width: info.width, height: info.height, contentType };
  }
  // The print-shop CMYK copy of a photo, made once here so no PDF/X export waits for it (cmyk-variant.ts). Without
  // Ghostscript, or if it fails, the export makes it when it first needs it.
  if (!png && canMakeCmykVariants()) {
    await cmykVariant(storage, result.original.key, { profile: options.profile }).catch((error: unknown) =>
      console.error(`[image variants] no CMYK copy of ${source.imageId}:`, error),
    );
  }
  return result;
}

/** SVGs: each size rendered from the vectors (sharp at every size); the original is the checked SVG itself. */
async function makeSvgVariants(storage: BlobStorage, source: VariantSource, input: Buffer) {
  const result = {} as Record<ImageVariantName, ImageVariantFile>;
  for (const name of Object.keys(VARIANT_SIDES_PX) as ScaledVariant[]) {
    const side = VARIANT_SIDES_PX[name];
    const { data, info } = await encode(pipeline(input, source, side), true).toBuffer({
      resolveWithObject: true,
    });
    const key = variantKey(source.imageId, name, 'png');
    await storage.put(key, data, 'image/png');
    result[name] = { key, width: info.width, height: info.height, contentType: 'image/png' };
  }
  result.original = {
    key: source.blobKey,
    width: result.full.width,
    height: result.full.height,
    contentType: source.type,
  };
  return result;
}

function pipeline(input: Buffer, source: VariantSource, side: number): Sharp {
  // Render the vector at the size wanted instead of scaling a raster.
  return sharp(input, { density: svgDensity(input, side), limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS }).resize(
    side,
    side,
    { fit: 'inside' },
  );
}

function svgDensity(input: Buffer, side: number): number {
  // 72 dpi is the SVG's own size; scale the density so its longer side comes out at about `side` px.
  const match = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(
    input.toString('utf8', 0, 4096),
  );
  const longest = match ? Math.max(Number(match[1]), Number(match[2])) : 0;
  const density = longest > 0 ? (72 * side) / longest : 300;
  return Math.min(Math.max(density, 1), 20_000);
}

function encode(image: Sharp, png: boolean, quality = 85): Sharp {
  const srgb = image.toColourspace('srgb').withIccProfile('srgb');
  return png
    ? srgb.png({ compressionLevel: 6 })
    : srgb.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false });
}
