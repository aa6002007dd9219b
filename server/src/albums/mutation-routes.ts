/**
 * The HTTP side of sync (docs/realtime.md "HTTP fallback"): the same mutation path as the socket, for a client
 * that cannot keep a socket open (a page being closed sends its last changes with `fetch(..., { keepalive })`),
 * and the mutation log, so a client that missed broadcasts fills the gap instead of reloading the album.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AppError, notFound } from '../http/errors.ts';
import { albumRoom } from '../realtime/protocol.ts';
import { broadcastUserId } from '../realtime/index.ts';
import { parseMutationPayload } from '../realtime/mutation-payload.ts';
import { mutationsSince } from '../album-store/album-mutations.ts';
import { findAlbumHeaderFor } from '../album-store/albums.ts';
import { errorResponses, mutationAckSchema, mutationBodySchema, mutationLogSchema } from '@stickerbook/api';
import { errorEnvelopeSchema } from '../http/errors.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const MAX_LOG_ENTRIES = 500;

export const mutationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;

  app.get(
    '/albums/:id/mutations',
    {
      schema: {
        tags: ['realtime'],
        params,
        querystring: z.object({ since: z.coerce.number().int().min(0) }),
        response: {
          200: mutationLogSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const found = await findAlbumHeaderFor(db, request.params.id, requirePrincipal(request));
      if (!found) throw notFound('Album');
      const mutations = await mutationsSince(db, found.album.id, request.query.since, MAX_LOG_ENTRIES);
      return { version: found.album.version, locked: found.album.locked, mutations };
    },
  );

  app.post(
    '/albums/:id/mutations',
    {
      schema: {
        tags: ['realtime'],
        params,
        body: mutationBodySchema,
        response: {
          200: mutationAckSchema,
          ...errorResponses,
          422: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const found = await findAlbumHeaderFor(db, request.params.id, principal);
      if (!found) throw notFound('Album');
      const payload = parseMutationPayload(request.body);
      if (typeof payload === 'string') throw new AppError(400, 'INVALID_PAYLOAD', payload);
      const result = await app.realtime.sync.submit(found.album.id, principal, payload);
      if (!result.ok) {
        if (result.code === 'ACCESS_LOST') throw notFound('Album');
        if (result.code === 'ALBUM_LOCKED') throw new AppError(409, 'ALBUM_LOCKED', result.message);
        if (result.code === 'SAVE_FAILED') throw new AppError(503, 'SAVE_FAILED', result.message);
        if (result.code === 'COMMENT_FORBIDDEN') throw new AppError(403, 'COMMENT_FORBIDDEN', result.message);
        throw new AppError(422, 'MERGE_ERROR', result.message, { path: result.path });
      }
      if (!result.duplicate) {
        app.realtime.io.to(albumRoom(found.album.id)).emit('mutations', {
          patches: result.patches,
          version: result.version,
          clientId: payload.clientId,
          mutationId: payload.mutationId,
          userId: broadcastUserId(principal),
        });
      }
      return { version: result.version, duplicate: result.duplicate };
    },
  );
};
