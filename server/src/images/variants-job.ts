import type { Database } from '../db/database.ts';
import { cmykVariantKey } from './cmyk-variant.ts';
import { detectLargestFace } from './faces.ts';
import { findBlob, findImage, STICKER_LINK_UPLOADER_PREFIX, updateImage } from './repository.ts';
import { makeVariants } from './variants.ts';
import { stickerUploadsChanged } from '../realtime/sticker-upload-news.ts';
import type { CmykProfile } from '../config/output-profile.ts';
import type { BlobStorage } from '../storage/index.ts';

export const IMAGE_VARIANTS_QUEUE = 'image-variants';

export interface ImageVariantsJob {
  imageId: string;
}

export interface ImageVariantsDeps {
  database: Database;
  storage: BlobStorage;
  /** The print partner's CMYK profile for the photos' print copies (config PRINT_OUTPUT_ICC). */
  outputProfile?: CmykProfile;
}

/**
 * Makes an image's variants (images/variants.ts) and, for a sticker photo that came without a face box, finds the
 * face on the medium variant. The record moves queued -> working -> finished, or error with a message; the client
 * sees the state by polling GET /images/:id. An image deleted meanwhile is skipped.
 */
export async function runImageVariantsJob(deps: ImageVariantsDeps, job: ImageVariantsJob): Promise<void> {
  const db = deps.database.db;
  const image = await findImage(db, job.imageId);
  if (!image) return;
  const blob = await findBlob(db, image.blobId);
  if (!blob) return;
  await updateImage(db, image.id, { variantsState: 'working' });
  try {
    const meta = image.meta as { orientation?: number; hasIccProfile?: boolean; hasAlpha?: boolean };
    const variants = await makeVariants(
      deps.storage,
      {
        imageId: image.id,
        type: image.contentType as 'image/jpeg' | 'image/png' | 'image/svg+xml',
        blobKey: blob.storageKey,
        orientation: meta.orientation,
        hasIccProfile: meta.hasIccProfile ?? false,
        hasAlpha: meta.hasAlpha ?? false,
      },
      { profile: deps.outputProfile },
    );
    let details = image.details;
    if (image.model === 'sticker' && details.face === undefined) {
      const face = await detectLargestFace(await deps.storage.read(variants.medium.key));
      details = { ...details, face };
    }
    // Deleted while we worked: remove what we just wrote instead of resurrecting the record.
    const updated = await updateImage(db, image.id, {
      variants,
      details,
      variantsState: 'finished',
      variantsError: null,
    });
    if (!updated)
      await deps.storage.delete(
        Object.values(variants)
          .flatMap((v) => [v.key, cmykVariantKey(v.key)])
          .filter((k) => k !== blob.storageKey && k !== cmykVariantKey(blob.storageKey)),
      );
  } catch (error) {
    await updateImage(db, image.id, {
      variantsState: 'error',
      variantsError: String((error as Error).message ?? error),
    });
  }
  // A sticker link photo: the owner's open panel shows its face and thumbnail now (sticker-link/live.ts).
  if (image.uploaderIdentifier.startsWith(STICKER_LINK_UPLOADER_PREFIX)) stickerUploadsChanged(image.albumId);
}
