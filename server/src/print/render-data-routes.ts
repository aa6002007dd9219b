import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAlbumRow } from '../album-store/albums.ts';
import { notFound, unauthorized } from '../http/errors.ts';
import { createRenderImageSource } from './images.ts';
import { buildRenderData } from './render-data.ts';
import { renderTokensFor } from './render-tokens.ts';
import { errorResponses, renderDataSchema } from '@stickerbook/api';

/** The header the print route sends its render token in (never a login, SPEC §2). */
const RENDER_TOKEN_HEADER = 'x-render-token';

/**
 * SPEC §7 GET /albums/{albumId}/render_data with a render token header: the album document, sticker frame
 * designs and image URLs the /render page draws. A missing, expired or other album's token is 401.
 */
export const renderDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const tokens = renderTokensFor(app.ctx.config);
  const images = createRenderImageSource(app.ctx);

  app.get(
    '/albums/:albumId/render_data',
    {
      schema: {
        tags: ['print'],
        params: z.object({ albumId: z.string().min(1).max(64) }),
        headers: z.looseObject({ [RENDER_TOKEN_HEADER]: z.string().max(2000).optional() }),
        response: { 200: renderDataSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { albumId } = request.params;
      const token = request.headers[RENDER_TOKEN_HEADER];
      if (!(await tokens.verifyRender(typeof token === 'string' ? token : undefined, albumId))) {
        throw unauthorized('A valid render token for this album is required');
      }
      const album = await findAlbumRow(db, albumId);
      if (!album) throw notFound('Album');
      void reply.header('cache-control', 'no-store');
      return buildRenderData(db, album, images);
    },
  );
};
