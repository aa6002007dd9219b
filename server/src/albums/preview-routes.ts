/**
 * The public album preview link (SPEC §2 /album/{albumId}/preview/{token}, §3 albumPreviewPath, §7): owner,
 * collaborators and admins read the link and rotate its token; anyone holding the token views the album, read-only.
 * SPEC §6 "preview-link viewers view only": the public answer is what the renderer draws and nothing else of the
 * album (no members, no sticker uploads, no link or notification settings, no editor comments).
 * Guests have no preview link, as they have no sticker link (SPEC §6 "Guest: … sticker link, invitations … disabled").
 */
import { descendantsOf, type AlbumDocument } from '@stickerbook/model';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import { albumPreviewPath } from './album-view.ts';
import type { Db } from '../db/database.ts';
import { albums } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { createRenderImageSource } from '../print/images.ts';
import { buildRenderData } from '../print/render-data.ts';
import { findAlbumHeaderFor, findAlbumRow, type AlbumRow } from '../album-store/albums.ts';
import {
  albumPreviewPathSchema,
  albumPreviewSchema,
  errorResponses,
  ownAlbumPreviewSchema,
} from '@stickerbook/api';

const idParams = z.object({ id: z.string().min(1).max(64) });
/** Tokens are 64 hex characters; anything far off is not looked up at all. */
const tokenParams = z.object({ token: z.string().min(16).max(128) });

const isGuestOwned = (album: Pick<AlbumRow, 'ownerIdentifier'>) => album.ownerIdentifier.startsWith('guest:');

/** Comments are notes for the album's makers (SPEC §2 Comment tool), never drawn in a preview or in print. */
function withoutComments(doc: AlbumDocument): AlbumDocument {
  const hidden = new Set<string>();
  for (const node of Object.values(doc.nodes)) {
    if (node.type !== 'Comment' || hidden.has(node.id)) continue;
    hidden.add(node.id);
    for (const child of descendantsOf(doc, node.id)) hidden.add(child.id);
  }
  if (hidden.size === 0) return doc;
  return { ...doc, nodes: Object.fromEntries(Object.entries(doc.nodes).filter(([id]) => !hidden.has(id))) };
}

async function findAlbumIdByPreviewToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: albums.id, ownerIdentifier: albums.ownerIdentifier })
    .from(albums)
    .where(eq(albums.previewToken, token));
  return row;
}

export const albumPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const images = createRenderImageSource(app.ctx);
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  const previewOf = (album: AlbumRow) =>
    buildRenderData(db, { ...album, workspace: withoutComments(album.workspace) }, images);

  app.get(
    '/albums/:id/preview',
    {
      schema: {
        tags: ['albums'],
        params: idParams,
        response: { 200: ownAlbumPreviewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await findAlbumHeaderFor(db, request.params.id, requirePrincipal(request));
      const album = found && (await findAlbumRow(db, found.album.id));
      if (!album) throw notFound('Album');
      void reply.header('cache-control', 'no-store');
      return { ...(await previewOf(album)), album_preview_path: albumPreviewPath(album) };
    },
  );

  app.patch(
    '/albums/:id/rotate_album_preview_url_token',
    {
      schema: {
        tags: ['albums'],
        params: idParams,
        response: { 200: albumPreviewPathSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const found = await findAlbumHeaderFor(db, request.params.id, principal);
      if (!found) throw notFound('Album');
      if (principal.kind === 'guest' || isGuestOwned(found.album))
        throw forbidden('LOGIN_REQUIRED', 'Log in to share a preview link');
      // The column default makes a fresh token; `updated_at` moves so cached album views show the new path.
      const [row] = await db
        .update(albums)
        .set({ previewToken: sql`DEFAULT`, updatedAt: sql`now()` })
        .where(eq(albums.id, found.album.id))
        .returning({
          id: albums.id,
          ownerIdentifier: albums.ownerIdentifier,
          previewToken: albums.previewToken,
        });
      if (!row) throw notFound('Album');
      return { album_preview_path: albumPreviewPath(row) as string };
    },
  );

  app.get(
    '/public/album_previews/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['albums'],
        params: tokenParams,
        response: { 200: albumPreviewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const match = await findAlbumIdByPreviewToken(db, request.params.token);
      const album = match && !isGuestOwned(match) ? await findAlbumRow(db, match.id) : undefined;
      // A wrong or rotated token and a guest's album look the same: no such preview.
      if (!album) throw notFound('Album preview');
      // Signed image URLs expire and a rotated token must stop working at once: nothing is cached.
      void reply.header('cache-control', 'no-store');
      return previewOf(album);
    },
  );
};
