import {
  IMAGE_PREVIEW_JPEG_QUALITY,
  IMAGE_PREVIEW_WIDTH_PX,
  IMAGE_UPLOAD_MAX_FILES,
  createId,
  downscaledSize,
  needsDownscale,
  type ImageModel,
} from '@stickerbook/model';
import { inspectFile, type InspectedFile } from './inspectFile.ts';
import { md5Base64 } from './md5.ts';
import {
  createImageRecord,
  declareUploads,
  detectFace,
  fetchImage,
  putBytes,
  type DirectUpload,
  type FaceBox,
  type ImageRecord,
} from './uploadApi.ts';
import { uploadStore, type UploadJob, type UploadStore } from './uploadStore.ts';

export interface UploadOptions {
  albumId: string;
  model: ImageModel;
  /** Every change of any job of this call. */
  onProgress?: (jobs: readonly UploadJob[]) => void;
  /** The file passed the checks and shows as a local image now (job.localUrl, job.size). */
  onLocal?: (job: UploadJob) => void;
  /** The server record exists: swap it in for the local image. */
  onRecord?: (job: UploadJob, image: ImageRecord) => void;
  /** The upload failed after `onLocal`: remove the local image. */
  onFailed?: (job: UploadJob) => void;
  /** Variants are ready (or failed; the original stays usable). */
  onFinished?: (job: UploadJob, image: ImageRecord) => void;
  store?: UploadStore;
  signal?: AbortSignal;
  /** How often to ask whether variants are ready; tests shorten it. */
  pollMs?: number;
}

/** Several files stream at once, but not all 15: each PUT holds a file in memory and a connection. */
const PARALLEL_UPLOADS = 3;
/** A scaled-down photo is re-encoded close to a phone camera's own quality. */
const DOWNSCALE_JPEG_QUALITY = 0.92;
const VARIANTS_TIMEOUT_MS = 120_000;

export class TooManyFilesError extends Error {
  readonly codes = ['TOO_MANY_FILES'];
}

/**
 * SPEC §4 upload flow for a drop or a file picker: validate, show a local image at once, upload the bytes with
 * progress, create the record, swap it in, wait for the variants. Sticker photos get face detection first. On any
 * failure the local image is removed and the job carries error codes. Resolves when every job has ended.
 */
export async function uploadFiles(dropped: readonly File[], options: UploadOptions): Promise<UploadJob[]> {
  if (dropped.length > IMAGE_UPLOAD_MAX_FILES)
    throw new TooManyFilesError(`At most ${IMAGE_UPLOAD_MAX_FILES} files`);
  const store = options.store ?? uploadStore;
  const files = [...dropped];
  const jobs = files.map<UploadJob>((file) => ({
    id: `local-${createId()}`,
    fileName: file.name,
    state: 'queued',
    progress: 0,
  }));
  const update = (index: number, change: Partial<UploadJob>) => {
    jobs[index] = { ...jobs[index], ...change };
    store.upsert(jobs[index]);
    options.onProgress?.([...jobs]);
    return jobs[index];
  };
  jobs.forEach((job) => store.upsert(job));

  // 1. Checks by content, and the local image for every file that passes.
  const accepted: number[] = [];
  const faces: Array<FaceBox | null | undefined> = [];
  const types: string[] = [];
  await Promise.all(
    files.map(async (original, index) => {
      const file = await downscaled(original, await inspectFile(original, options.model));
      files[index] = file;
      const inspected = await inspectFile(file, options.model);
      if (inspected.problems.length > 0) {
        update(index, { state: 'error', errorCodes: inspected.problems });
        return;
      }
      types[index] = inspected.type!;
      const localUrl = URL.createObjectURL(file);
      const size = inspected.size ?? (await naturalSize(localUrl));
      options.onLocal?.(update(index, { localUrl, size }));
      accepted.push(index);
    }),
  );
  accepted.sort((a, b) => a - b);
  if (accepted.length === 0) return jobs;

  const fail = (index: number, error: unknown) => {
    const codes = errorCodesOf(error);
    const job = update(index, { state: 'error', errorCodes: codes });
    if (job.localUrl) URL.revokeObjectURL(job.localUrl);
    options.onFailed?.(job);
  };

  // 2. Declare all accepted files in one batch (the server refuses more than 15 as well).
  let declared;
  const bytes: Uint8Array[] = [];
  try {
    for (const index of accepted) {
      bytes[index] = new Uint8Array(await files[index].arrayBuffer());
      // Sticker photos: the face box comes from the downscaled preview (SPEC §4: face detection before upload).
      faces[index] = options.model === 'sticker' ? await faceOf(files[index]) : undefined;
    }
    declared = await declareUploads(
      accepted.map((index) => ({
        filename: files[index].name || 'image',
        byte_size: files[index].size,
        checksum: md5Base64(bytes[index]),
        // The type found in the content, not the browser's guess from the file name.
        content_type: types[index],
      })),
    );
  } catch (error) {
    accepted.forEach((index) => fail(index, error));
    return jobs;
  }

  // 3. Upload, create the record, wait for variants; a few files at a time.
  let next = 0;
  const worker = async () => {
    while (next < accepted.length) {
      const slot = next++;
      const index = accepted[slot];
      const upload = declared[slot];
      try {
        if ('error' in upload) throw { code: upload.error.code, details: { codes: upload.error.codes } };
        await uploadOne(index, upload);
      } catch (error) {
        fail(index, error);
      }
    }
  };
  const uploadOne = async (index: number, upload: DirectUpload) => {
    update(index, { state: 'working', progress: 0 });
    await putBytes(upload, files[index], (progress) => update(index, { progress }), options.signal);
    const image = await createImageRecord(options.albumId, {
      blob_id: upload.blob_id,
      model: options.model,
      details: faces[index] === undefined ? undefined : { face: faces[index] },
    });
    const job = update(index, { state: 'exists', progress: 1, image });
    options.onRecord?.(job, image);
    const done = await waitForVariants(image, options.pollMs ?? 1000, options.signal);
    if (job.localUrl) URL.revokeObjectURL(job.localUrl);
    const finished = update(index, {
      state: done.state === 'error' ? 'error' : 'finished',
      image: done,
      localUrl: undefined,
    });
    if (done.state === 'error') update(index, { errorCodes: ['VARIANTS_FAILED'] });
    options.onFinished?.(finished, done);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, accepted.length) }, worker));
  return jobs;
}

async function waitForVariants(
  image: ImageRecord,
  pollMs: number,
  signal?: AbortSignal,
): Promise<ImageRecord> {
  const deadline = Date.now() + VARIANTS_TIMEOUT_MS;
  let current = image;
  while (
    current.state !== 'finished' &&
    current.state !== 'error' &&
    Date.now() < deadline &&
    !signal?.aborted
  ) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    current = await fetchImage(image.id);
  }
  return current;
}

/**
 * A JPEG or PNG over 6000 px on its longer side, scaled down to 6000 px (SPEC §5; a 48 MP phone photo) in the
 * same format, so it uploads instead of being refused; anything else as it came.
 */
async function downscaled(file: File, inspected: InspectedFile): Promise<File> {
  if (!inspected.size || !needsDownscale(inspected.size, inspected.type)) return file;
  const target = downscaledSize(inspected.size);
  try {
    const bitmap = await createImageBitmap(file, {
      resizeWidth: target.width,
      resizeHeight: target.height,
      resizeQuality: 'high',
      imageOrientation: 'from-image',
    });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    const type = inspected.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, type, DOWNSCALE_JPEG_QUALITY),
    );
    return blob ? new File([blob], file.name, { type }) : file;
  } catch {
    // The browser could not decode it: the upload is checked (and refused) as it came.
    return file;
  }
}

function naturalSize(url: string): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

/**
 * SPEC §9 preview: 800 px wide JPEG at quality 0.8 is what goes to face detection, not the full photo.
 * Undefined when the browser cannot draw it; null when the server found no face.
 */
async function faceOf(file: Blob): Promise<FaceBox | null | undefined> {
  try {
    // Decoded from the file itself: fetching its blob: URL would break the CSP's connect-src.
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, IMAGE_PREVIEW_WIDTH_PX / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await detectFace(canvas.toDataURL('image/jpeg', IMAGE_PREVIEW_JPEG_QUALITY));
  } catch {
    // The server finds the face itself when the client could not (jobs/image-variants.ts).
    return undefined;
  }
}

/** The codes of a failure: the server's list (size, type, dimensions) when it sent one, else its one code. */
export function errorCodesOf(error: unknown): string[] {
  if (error instanceof DOMException && error.name === 'AbortError') return ['UPLOAD_CANCELLED'];
  const e = error as { code?: unknown; details?: { codes?: unknown } } | undefined;
  if (Array.isArray(e?.details?.codes))
    return e.details.codes.filter((c): c is string => typeof c === 'string');
  return [typeof e?.code === 'string' ? e.code : 'UPLOAD_FAILED'];
}
