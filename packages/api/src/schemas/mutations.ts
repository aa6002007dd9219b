/**
 * The mutation log of an album (docs/realtime.md "HTTP fallback"): what a client that missed broadcasts reads to
 * fill the gap, and the HTTP twin of the socket's `mutations` message.
 */
import { z } from 'zod';

/** One change of the document (packages/model `Patch`; the model checks its operation and value on write). */
const patchSchema = z.object({ op: z.string(), path: z.string(), value: z.unknown().optional() });

/**
 * GET /albums/{id}/mutations?since=: the log after `since`, paged, with the album's current version and whether it
 * is locked for print (a lock changes no version, so a client catching up from the log learns it here).
 */
export const mutationLogSchema = z.object({
  version: z.number(),
  locked: z.boolean(),
  mutations: z.array(
    z.object({
      version: z.number(),
      patches: z.array(patchSchema),
      clientId: z.string().nullable(),
      mutationId: z.string().nullable(),
    }),
  ),
});

/** POST /albums/{id}/mutations: a change the client made on `version`. */
export const mutationBodySchema = z.object({
  patches: z.array(z.unknown()),
  version: z.number(),
  clientId: z.string(),
  mutationId: z.string(),
});

/** The POST's answer: the version the change made (or had made, when it arrived twice). */
export const mutationAckSchema = z.object({ version: z.number(), duplicate: z.boolean() });

export type MutationLogView = z.infer<typeof mutationLogSchema>;
