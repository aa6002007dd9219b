import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { isAdmin, ownerIdentifierOf } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { formatServerSentEvent, type EditStreamEvent } from './event-log.ts';
import { findEditJob, insertEditJob, type ImageEditJobRow } from './repository.ts';
import { imageEditService, MAX_RUNNING_EDITS_PER_USER } from './service.ts';
import { findBlob, findImage } from '../images/repository.ts';
import { imageServices } from '../images/service.ts';
import { toImageView } from '../images/view.ts';
import { findAlbumHeaderFor } from '../album-store/albums.ts';
import { errorResponses, imageEditBodySchema, startedImageEditSchema } from '@stickerbook/api';

/** A stream token works this long after the job was created. */
const STREAM_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A comment line this often keeps proxies from closing a quiet stream while OpenAI thinks. */
const HEARTBEAT_MS = 15_000;
/** Without the job's events in this process (another instance runs it), the stream follows the record. */
const POLL_MS = 1000;
/** Longer than the edit timeout of image-edits/service.ts (5 min). */
const ORPHANED_AFTER_MS = 6 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

function tokenMatches(job: ImageEditJobRow, token: string): boolean {
  const expected = Buffer.from(job.streamTokenHash, 'hex');
  const given = hashToken(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * SPEC §7 AI image edit: start an edit of an image, then follow it as an event stream (EventSource cannot send
 * a bearer token, hence the stream token, which is bound to the job and its creator). Only someone who may edit
 * the image's album may start one; anyone else gets 404, as for the image itself.
 */
export const imageEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = imageServices(app);
  const db = images.database.db;
  const edits = imageEditService(app);
  app.addHook('onClose', () => edits.close());

  app.post(
    '/images/:imageId/image_edits',
    {
      schema: {
        tags: ['image edits'],
        params: z.object({ imageId: z.string().min(1).max(64) }),
        body: imageEditBodySchema,
        response: {
          201: startedImageEditSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const image = await findImage(db, request.params.imageId);
      const found = image && (await findAlbumHeaderFor(db, image.albumId, principal));
      if (!image || !found) throw notFound('Image');
      if (found.album.locked && !isAdmin(principal)) {
        throw new AppError(409, 'ALBUM_LOCKED', 'The album is approved for print');
      }
      if (!edits.availability.enabled) {
        throw new AppError(409, 'AI_EDIT_UNAVAILABLE', 'AI image edit is off', {
          reason: edits.availability.reason,
        });
      }
      const createdBy = ownerIdentifierOf(principal);
      if (edits.runningFor(createdBy) >= MAX_RUNNING_EDITS_PER_USER) {
        throw new AppError(429, 'TOO_MANY_EDITS', `At most ${MAX_RUNNING_EDITS_PER_USER} edits at a time`);
      }
      const token = randomBytes(32).toString('base64url');
      const job = await insertEditJob(db, {
        imageId: image.id,
        albumId: image.albumId,
        createdBy,
        prompt: request.body.prompt,
        streamTokenHash: hashToken(token).toString('hex'),
      });
      edits.start(job, image);
      reply.status(201);
      return { job_id: job.id, stream_token: token };
    },
  );

  app.get(
    '/image_edits/:jobId/stream',
    {
      schema: {
        tags: ['image edits'],
        params: z.object({ jobId: z.string().min(1).max(64) }),
        querystring: z.object({ token: z.string().min(1).max(200) }),
        // No response schema: 200 is a text/event-stream (its events: @stickerbook/api image-edits.ts), errors are
        // the usual envelope.
      },
    },
    async (request, reply) => {
      const job = await findEditJob(db, request.params.jobId);
      const expired = job && Date.now() - job.createdAt.getTime() > STREAM_TOKEN_TTL_MS;
      // With a bearer token too, it must be the job's creator: a token handed to someone else is refused.
      const otherCaller = request.principal && job && ownerIdentifierOf(request.principal) !== job.createdBy;
      if (!job || expired || otherCaller || !tokenMatches(job, request.query.token)) throw notFound('Edit');

      const lastEventId = Number(request.headers['last-event-id']) || 0;
      const out = new PassThrough();
      const send = (event: EditStreamEvent) => {
        out.write(formatServerSentEvent(event));
        if (event.event === 'done' || event.event === 'error') out.end();
      };
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
      let stop: () => void = () => undefined;
      const cleanUp = () => {
        clearInterval(heartbeat);
        stop();
      };
      out.on('close', cleanUp);
      out.on('finish', cleanUp);
      request.raw.on('close', () => out.end());

      const log = edits.eventLog(job.id);
      if (log) stop = log.subscribe(lastEventId, send);
      else stop = followRecord(job.id, lastEventId, send);

      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      // A stream bypasses the response serializer; returning the reply tells Fastify it has been sent.
      await reply.send(out);
      return reply;
    },
  );

  /**
   * The fallback when this process does not hold the job's events (it runs on another instance, or this one
   * restarted): the states from the record, then done or error. No partial images, which exist only in memory.
   */
  function followRecord(
    jobId: string,
    lastEventId: number,
    send: (event: EditStreamEvent) => void,
  ): () => void {
    let id = lastEventId;
    let lastState: string | undefined;
    let stopped = false;
    const poll = async () => {
      while (!stopped) {
        const job = await findEditJob(db, jobId);
        if (!job)
          return send({ id: ++id, event: 'error', data: { code: 'EDIT_FAILED', message: 'Edit not found' } });
        if (job.state === 'done' && job.resultImageId) {
          const image = await findImage(db, job.resultImageId);
          if (image) {
            return send({
              id: ++id,
              event: 'done',
              data: { image: await toImageView(images.storage, image, await findBlob(db, image.blobId)) },
            });
          }
        }
        if (job.state === 'error' || job.state === 'done') {
          const [code, ...rest] = (job.error ?? 'EDIT_FAILED: The edit failed').split(': ');
          return send({ id: ++id, event: 'error', data: { code, message: rest.join(': ') } });
        }
        // A job nobody has touched for longer than an edit may take died with its process (restart, crash).
        if (Date.now() - job.updatedAt.getTime() > ORPHANED_AFTER_MS) {
          return send({
            id: ++id,
            event: 'error',
            data: { code: 'EDIT_FAILED', message: 'The edit was interrupted' },
          });
        }
        if (job.state !== lastState) {
          lastState = job.state;
          send({ id: ++id, event: 'progress', data: { step: job.state } });
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    poll().catch((error: unknown) => {
      app.log.error({ err: error, jobId }, 'image edit stream failed');
      send({ id: ++id, event: 'error', data: { code: 'EDIT_FAILED', message: 'The edit failed' } });
    });
    return () => {
      stopped = true;
    };
  }
};
