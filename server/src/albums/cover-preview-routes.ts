/**
 * GET /albums/:id/cover_preview: the album's cover thumbnail (cover-preview.ts says how it is made and why the
 * album id is the capability). Answered without a bearer token so an <img> can load it; ETag and `no-cache`, so a
 * browser keeps the bytes but asks again each time and gets the new cover as soon as it is rendered.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { albums } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { createStorage, StorageNotFoundError } from '../storage/index.ts';
import { errorResponses } from '@stickerbook/api';
import { findCoverPreview, requestCoverPreview } from './cover-preview.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const coverPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.ctx.database;
  const { storage } = createStorage(app.ctx.config);
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.get(
    '/albums/:id/cover_preview',
    {
      config: { rateLimit },
      schema: {
        tags: ['albums'],
        params: idParams,
        response: { 200: z.any(), 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const preview = await findCoverPreview(database.db, id);
      void reply.header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff');
      if (preview) {
        const etag = `"${preview.storageKey.slice(preview.storageKey.lastIndexOf('/') + 1)}"`;
        if (request.headers['if-none-match'] === etag) return reply.status(304).header('etag', etag).send();
        try {
          const bytes = await storage.read(preview.storageKey);
          return reply.type('image/jpeg').header('etag', etag).send(bytes);
        } catch (error) {
          if (!(error instanceof StorageNotFoundError)) throw error;
        }
      }
      const [album] = await database.db.select({ id: albums.id }).from(albums).where(eq(albums.id, id));
      if (!album) throw notFound('Album');
      // An album that has none yet (or lost its file) gets one rendered. Meanwhile 204: an <img> then fires its
      // error event without a console error, and the web draws the cover itself (web/src/ui/CoverImage.tsx).
      requestCoverPreview(database, album.id).catch((error: unknown) =>
        request.log.warn({ err: error, albumId: album.id }, 'queueing a cover preview failed'),
      );
      return reply.status(204).send();
    },
  );
};
