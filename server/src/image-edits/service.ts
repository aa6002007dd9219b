import { sniffImageType } from '@stickerbook/model';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import type { ImageEditJobState } from '../db/schema.ts';
import { findBlob, insertBlob, markBlobUploaded, type ImageRow } from '../images/repository.ts';
import {
  createImageFromBlob,
  imageServices,
  scheduleFileCleanup,
  type ImageServices,
} from '../images/service.ts';
import { toImageView } from '../images/view.ts';
import {
  ImageEditError,
  imageEditAvailability,
  PARTIAL_IMAGES,
  type ImageEditAvailability,
} from '../providers/openai-images/index.ts';
import { EditEventLog } from './event-log.ts';
import { updateEditJob, type ImageEditJobRow } from './repository.ts';

/** Longest side sent to the provider: gpt-image-1 works at 1024-1536 px, and a smaller upload starts sooner. */
const SOURCE_SIDE_PX = 1536;
/** An edit that takes longer than this is given up (OpenAI usually needs 30-90 s). */
const EDIT_TIMEOUT_MS = 5 * 60 * 1000;
/** How long a finished job's events stay in memory for late or reconnecting streams. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;
/** Edits one person may run at once. */
export const MAX_RUNNING_EDITS_PER_USER = 2;

export interface ImageEditService {
  availability: ImageEditAvailability;
  /** The in-memory events of a job started by this process, if it still has them. */
  eventLog(jobId: string): EditEventLog | undefined;
  runningFor(userIdentifier: string): number;
  /** Starts the edit in the background; its progress goes to the job's event log and record. */
  start(job: ImageEditJobRow, image: ImageRow): void;
  close(): Promise<void>;
}

const servicesByContext = new WeakMap<AppContext, ImageEditService>();

export function imageEditService(app: FastifyInstance): ImageEditService {
  let service = servicesByContext.get(app.ctx);
  if (!service) {
    service = buildService(app, imageServices(app));
    servicesByContext.set(app.ctx, service);
  }
  return service;
}

function buildService(app: FastifyInstance, images: ImageServices): ImageEditService {
  const availability = imageEditAvailability(app.ctx.config);
  const logs = new Map<string, EditEventLog>();
  const running = new Map<string, { userIdentifier: string; done: Promise<void> }>();
  const closing = new AbortController();
  const db = images.database.db;

  async function run(job: ImageEditJobRow, image: ImageRow, log: EditEventLog): Promise<void> {
    if (!availability.enabled) throw new ImageEditError('PROVIDER_ERROR', 'AI image edit is off');
    const step = async (state: ImageEditJobState) => {
      log.push({ event: 'progress', data: { step: state } });
      await updateEditJob(db, job.id, { state });
    };
    await step('requesting');
    const source = await sourcePng(images, image);
    let partials = 0;
    const pending: Promise<void>[] = [];
    const result = await availability.provider.edit(
      {
        image: source,
        prompt: job.prompt,
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(EDIT_TIMEOUT_MS)]),
      },
      (progress) => {
        if (progress.type === 'partial') {
          partials += 1;
          log.push({
            event: 'partial',
            data: { index: progress.index, total: PARTIAL_IMAGES, b64: progress.b64 },
          });
          pending.push(updateEditJob(db, job.id, { partialImages: partials }));
        } else {
          pending.push(step(progress.type));
        }
      },
    );
    await Promise.all(pending);
    const created = await saveResult(images, job, image, result);
    await updateEditJob(db, job.id, { state: 'done', resultImageId: created.id });
    log.push({
      event: 'done',
      data: { image: await toImageView(images.storage, created, await findBlob(db, created.blobId)) },
    });
  }

  return {
    availability,
    eventLog: (jobId) => logs.get(jobId),
    runningFor: (userIdentifier) =>
      [...running.values()].filter((r) => r.userIdentifier === userIdentifier).length,
    start(job, image) {
      const log = new EditEventLog();
      logs.set(job.id, log);
      log.push({ event: 'progress', data: { step: 'queued' } });
      const done = run(job, image, log)
        .catch(async (error: unknown) => {
          const known = error instanceof ImageEditError;
          if (!known) app.log.error({ err: error, jobId: job.id }, 'image edit failed');
          const code = known ? error.code : closing.signal.aborted ? 'SERVER_CLOSING' : 'EDIT_FAILED';
          const message = known ? error.message : 'The edit failed';
          await updateEditJob(db, job.id, { state: 'error', error: `${code}: ${message}` }).catch(
            () => undefined,
          );
          log.push({ event: 'error', data: { code, message } });
        })
        .finally(() => {
          running.delete(job.id);
          setTimeout(() => logs.delete(job.id), KEEP_FINISHED_MS).unref();
        });
      running.set(job.id, { userIdentifier: job.createdBy, done });
    },
    async close() {
      closing.abort();
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}

/** The image as a PNG the provider accepts: upright, at most SOURCE_SIDE_PX, from the largest convenient file. */
async function sourcePng(images: ImageServices, image: ImageRow): Promise<Buffer> {
  const variant =
    image.variantsState === 'finished' ? (image.variants.large ?? image.variants.full) : undefined;
  const blob = variant ? undefined : await findBlob(images.database.db, image.blobId);
  const key = variant?.key ?? blob?.storageKey;
  if (!key) throw new ImageEditError('NO_RESULT', 'The image file is missing');
  return sharp(await images.storage.read(key), { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: SOURCE_SIDE_PX, height: SOURCE_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

/**
 * Stores the edited image like an upload (blob, then a record through the images service, which checks the
 * content and queues the variants); it is a new record pointing at the original, which stays as it was.
 */
async function saveResult(
  images: ImageServices,
  job: ImageEditJobRow,
  original: ImageRow,
  bytes: Buffer,
): Promise<ImageRow> {
  const type = sniffImageType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg') {
    throw new ImageEditError('NO_RESULT', 'The image service sent something that is not an image');
  }
  const db = images.database.db;
  const base = original.filename.replace(/\.[^.]*$/, '').slice(0, 200) || 'image';
  const blob = await insertBlob(db, {
    ownerIdentifier: job.createdBy,
    filename: `${base}-ai-edit.${type === 'image/png' ? 'png' : 'jpg'}`,
    contentType: type,
    byteSize: bytes.length,
    checksum: createHash('md5').update(bytes).digest('base64'),
  });
  await images.storage.put(blob.storageKey, bytes, type);
  await markBlobUploaded(db, blob.id);
  const uploaded = await findBlob(db, blob.id);
  try {
    return await createImageFromBlob(images, {
      albumId: original.albumId,
      blob: uploaded!,
      model: original.model,
      uploaderIdentifier: job.createdBy,
      originalImageId: original.id,
      tags: original.tags,
    });
  } catch (error) {
    // E.g. the album was deleted while the AI worked: the result's file must not stay behind without a record.
    await scheduleFileCleanup(images, { blobIds: [blob.id], keys: [] });
    throw error;
  }
}
