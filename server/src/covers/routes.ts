import { coverDocument, type AlbumDocument } from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import { notFound } from '../http/errors.ts';
import { listAlbumImages } from '../images/repository.ts';
import { imageServices } from '../images/service.ts';
import { imageView } from '../images/view.ts';
import { findAlbumFor } from '../album-store/albums.ts';
import { findBlueprint } from '../blueprints/repository.ts';
import { blueprintTexts, translateBlueprintDocument } from '../blueprints/texts.ts';
import { preferredLanguage } from '../i18n/languages.ts';
import { albumCoverSchema, coverSchema, errorResponses } from '@stickerbook/api';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Cover previews drawn by the web with the album renderer: the start page's album cards and the wizard's
 * template cards. A few kB instead of the whole document, so a page of cards stays light.
 */
export const coverRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.get(
    '/albums/:id/cover',
    {
      schema: {
        tags: ['albums'],
        params: idParams,
        response: { 200: albumCoverSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findAlbumFor(db, request.params.id, requirePrincipal(request));
      if (!found) throw notFound('Album');
      const { album } = found;
      const meta = { title: album.title, releaseDate: album.releaseDate, language: album.language };
      const cover = coverDocument(album.workspace, meta);
      const wanted = new Set(cover.imageIds);
      const storage = imageServices(app).storage;
      const rows =
        wanted.size > 0 ? (await listAlbumImages(db, album.id)).filter((r) => wanted.has(r.id)) : [];
      const images = await Promise.all(rows.map((row) => imageView(db, storage, row)));
      return {
        title: album.title,
        release_date: album.releaseDate,
        language: album.language,
        workspace: cover.doc as unknown as Record<string, unknown>,
        images,
      };
    },
  );

  app.get(
    '/blueprints/:id/cover',
    {
      config: { rateLimit },
      schema: { tags: ['blueprints'], params: idParams, response: { 200: coverSchema, ...errorResponses } },
    },
    async (request) => {
      const blueprint = await findBlueprint(db, request.params.id);
      if (!blueprint) throw notFound('Blueprint');
      // The card shows the template as an album in the visitor's language would start (issue 22 item 11): the
      // texts an album of that language gets, and the template's name as its title. The row is this request's own.
      const language = preferredLanguage(request.headers['accept-language']) ?? 'en';
      const texts = blueprintTexts(app.ctx.config.seedsDir).get(language);
      const workspace = blueprint.workspace as AlbumDocument;
      const title = texts?.[blueprint.title] ?? blueprint.title;
      const meta = { title, releaseDate: null, language };
      const cover = coverDocument(texts ? translateBlueprintDocument(workspace, texts) : workspace, meta);
      const wanted = new Set(cover.imageIds);
      const images = (blueprint.images as Array<{ id?: unknown }>).filter(
        (image) => typeof image.id === 'string' && wanted.has(image.id),
      );
      return {
        title,
        release_date: null,
        language: meta.language,
        workspace: cover.doc as unknown as Record<string, unknown>,
        images,
      };
    },
  );
};
