/**
 * SPEC §7 AI image edit: start an edit of an image, then follow it as a server-sent event stream. EventSource
 * cannot send a bearer token, so the start answers a stream token bound to the job and its creator.
 */
import { z } from 'zod';
import { imageSchema } from './images.ts';

/** POST /images/{imageId}/image_edits. */
export const imageEditBodySchema = z.strictObject({ prompt: z.string().trim().min(1).max(1000) });

/** POST /images/{imageId}/image_edits, 201: the job to follow and the token of its stream. */
export const startedImageEditSchema = z.object({ job_id: z.string(), stream_token: z.string() });

/**
 * GET /image_edits/{jobId}/stream?token= is `text/event-stream`, so no serializer checks it (the server's tests
 * do): each event's `data` is one line of JSON in these shapes. The steps from queued to request_accepted come as
 * progress, partial images as partial, then done with the new image record or error with a code.
 */
export const imageEditEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('progress'), data: z.object({ step: z.string() }) }),
  z.object({
    event: z.literal('partial'),
    data: z.object({ index: z.number().int(), total: z.number().int(), b64: z.string() }),
  }),
  z.object({ event: z.literal('done'), data: z.object({ image: imageSchema }) }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.string(), message: z.string() }) }),
]);

export type ImageEditBody = z.input<typeof imageEditBodySchema>;
export type StartedImageEditView = z.infer<typeof startedImageEditSchema>;
export type ImageEditEventView = z.infer<typeof imageEditEventSchema>;
