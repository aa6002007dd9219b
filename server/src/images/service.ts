import { needsDownscale, type ImageModel } from '@stickerbook/model';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { ImageRecordDetails } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { IMAGE_VARIANTS_QUEUE, type ImageVariantsJob } from './variants-job.ts';
import { jobSender } from '../jobs/sender.ts';
import { createStorage, type BlobStorage, type UrlSigner } from '../storage/index.ts';
import {
  FILE_CLEANUP_QUEUE,
  FILE_CLEANUP_SEND_OPTIONS,
  imageFiles,
  type FileCleanupJob,
} from './file-cleanup.ts';
import { downscaleUpload, inspectStoredUpload } from './inspect.ts';
import {
  claimBlob,
  deleteBlobRow,
  deleteImageRow,
  insertImage,
  markBlobUploaded,
  releaseBlob,
  updateBlobContent,
  type BlobRow,
  type ImageRow,
} from './repository.ts';

/**
 * What the image routes share, one per app: the storage, the URL signer of the local file routes, and a pg-boss
 * sender for variant jobs. Other features (stock photos, AI edits) get the same instance with `imageServices(app)`
 * and create records through `createImageFromBlob`.
 */
export interface ImageServices {
  storage: BlobStorage;
  signer: UrlSigner;
  database: Database;
  enqueueVariants(imageId: string): Promise<void>;
  /** Files of deleted records (images/file-cleanup.ts); send after the deletion committed. */
  enqueueFileCleanup(files: FileCleanupJob): Promise<void>;
  close(): Promise<void>;
}

const servicesByContext = new WeakMap<AppContext, ImageServices>();

export function imageServices(app: FastifyInstance): ImageServices {
  let services = servicesByContext.get(app.ctx);
  if (!services) {
    services = buildServices(app.ctx);
    servicesByContext.set(app.ctx, services);
  }
  return services;
}

function buildServices(ctx: AppContext): ImageServices {
  const { storage, signer } = createStorage(ctx.config);
  const jobs = jobSender(ctx.database);
  return {
    storage,
    signer,
    database: ctx.database,
    async enqueueVariants(imageId) {
      await jobs.send(IMAGE_VARIANTS_QUEUE, { imageId } satisfies ImageVariantsJob, { retryLimit: 1 });
    },
    async enqueueFileCleanup(files) {
      if (files.blobIds.length === 0 && files.keys.length === 0) return;
      await jobs.send(FILE_CLEANUP_QUEUE, files, FILE_CLEANUP_SEND_OPTIONS);
    },
    async close() {
      (storage as { destroy?: () => void }).destroy?.();
    },
  };
}

export interface NewImage {
  albumId: string;
  blob: BlobRow;
  model: ImageModel;
  uploaderIdentifier: string;
  /** From the client: its own measurements and, for stickers, the face box it found. Width/height are ours. */
  face?: ImageRecordDetails['face'];
  tags?: string[];
  originalImageId?: string;
  blueprintImage?: boolean;
  /** The caller claimed the blob for this image already (claimUploadedBlob): its state is not checked again. */
  claimed?: boolean;
}

/**
 * Checks an uploaded blob by content and turns it into an image record whose variants are queued. The blob must be
 * uploaded and unused (or claimed by the caller); a rejected upload is deleted (file and row), so nothing of it
 * stays behind.
 */
export async function createImageFromBlob(services: ImageServices, input: NewImage): Promise<ImageRow> {
  const { storage, database } = services;
  const db = database.db;
  const { blob } = input;
  if (!input.claimed && blob.state === 'attached') {
    throw new AppError(409, 'BLOB_IN_USE', 'This upload already belongs to an image');
  }
  if (!input.claimed && blob.state === 'pending') {
    // Locally our PUT route marks a blob uploaded; an S3 upload never passes through us, so look in the bucket.
    if (storage.kind !== 's3') {
      throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The file has not been uploaded yet');
    }
    await verifyStoredUpload(services, blob);
    await markBlobUploaded(db, blob.id);
  }

  let inspected;
  try {
    inspected = await inspectStoredUpload(storage, blob.storageKey, blob.byteSize, input.model);
  } catch (error) {
    if (error instanceof AppError) await discardBlob(services, blob);
    // Not the file's fault (storage unreachable): the upload may be sent again.
    else if (input.claimed) await releaseBlob(db, blob.id);
    throw error;
  }
  if (!input.claimed && !(await claimBlob(db, blob.id))) {
    throw new AppError(409, 'BLOB_IN_USE', 'This upload already belongs to an image');
  }
  let byteSize = blob.byteSize;
  if (needsDownscale(inspected, inspected.type)) {
    // A direct API upload of a photo over 6000 px is kept at 6000 px, as the browser would have sent it.
    const scaled = await downscaleUpload(await storage.read(blob.storageKey), inspected);
    await storage.put(blob.storageKey, scaled.bytes, inspected.type);
    await updateBlobContent(db, blob.id, scaled.bytes);
    inspected = scaled.inspected;
    byteSize = scaled.bytes.length;
  }
  const details: ImageRecordDetails = { width: inspected.width, height: inspected.height };
  if (input.face !== undefined) details.face = input.face;
  const image = await insertImage(db, {
    albumId: input.albumId,
    uploaderIdentifier: input.uploaderIdentifier,
    model: input.model,
    blobId: blob.id,
    contentType: inspected.type,
    filename: blob.filename,
    details,
    meta: {
      byteSize,
      orientation: inspected.orientation,
      hasIccProfile: inspected.hasIccProfile,
      hasAlpha: inspected.hasAlpha,
    },
    tags: input.tags ?? [],
    originalImageId: input.originalImageId,
    blueprintImage: input.blueprintImage ?? false,
  });
  await services.enqueueVariants(image.id);
  return image;
}

/**
 * With S3 the bytes never pass through us: the presigned PUT already made S3 check the MD5; here the size and,
 * where the ETag is the MD5, the checksum are compared with what was declared.
 */
async function verifyStoredUpload(services: ImageServices, blob: BlobRow): Promise<void> {
  const info = await services.storage.stat(blob.storageKey);
  if (!info) throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The file has not been uploaded yet');
  const md5Hex = Buffer.from(blob.checksum, 'base64').toString('hex');
  if (info.byteSize !== blob.byteSize || (info.md5Hex && info.md5Hex !== md5Hex)) {
    await discardBlob(services, blob);
    throw new AppError(422, 'UPLOAD_CHECKSUM_MISMATCH', 'The uploaded bytes do not match the declared file');
  }
}

async function discardBlob(services: ImageServices, blob: BlobRow): Promise<void> {
  await services.storage.delete([blob.storageKey]);
  await deleteBlobRow(services.database.db, blob.id);
}

/**
 * Deletes the record; its files (variants, the upload) follow in the file cleanup job unless another record
 * shares them.
 */
export async function deleteImageWithFiles(services: ImageServices, image: ImageRow): Promise<void> {
  await deleteImageRow(services.database.db, image.id);
  await scheduleFileCleanup(services, imageFiles(image));
}

/**
 * Sends the file cleanup job for records that were just deleted (call after the deletion committed). The records
 * are gone either way, so a failure to send is logged with the files it leaves behind, not thrown.
 */
export async function scheduleFileCleanup(services: ImageServices, files: FileCleanupJob): Promise<void> {
  try {
    await services.enqueueFileCleanup(files);
  } catch (error) {
    console.error('[file cleanup] could not be scheduled; files left behind:', files, error);
  }
}
