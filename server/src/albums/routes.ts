import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingPath, type Patch } from '@stickerbook/model';
import { z } from 'zod';
import { isAdmin, ownerIdentifierOf, type Principal } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { toAlbumSummary, toAlbumView } from './album-view.ts';
import { copyBlueprintDocument } from './copy-blueprint-document.ts';
import { albumsWithCoverPreview, refreshCoverPreview, requestCoverPreview } from './cover-preview.ts';
import { coverPreviewRoutes } from './cover-preview-routes.ts';
import { AlbumBodyCache } from './workspace-cache.ts';
import { AlbumChecksCache } from './checks-cache.ts';
import { loadAlbumChecks, preflightView } from './preflight-view.ts';
import { preferredEncoding } from '../http/compression.ts';
import { blueprintTexts, translateBlueprintDocument } from '../blueprints/texts.ts';
import { creditAlbum } from '../affiliates/repository.ts';
import type { AlbumSettingsRecord } from '../db/schema.ts';
import { AppError, errorEnvelopeSchema, forbidden, notFound } from '../http/errors.ts';
import { preferredLanguage, type Language } from '../i18n/languages.ts';
import { broadcastAlbumLock, saveServerChange } from '../realtime/index.ts';
import {
  deleteAlbum,
  type AlbumRow,
  albumFreshness,
  findAlbumFor,
  insertAlbum,
  listAlbumsFor,
  updateAlbum,
} from '../album-store/albums.ts';
import { findBlueprint } from '../blueprints/repository.ts';
import { findOrganization, insertOrganization } from '../users/organizations.ts';
import { stickerLinkSettings } from './sticker-link-settings.ts';
import {
  albumListSchema,
  albumSchema,
  createAlbumSchema,
  errorResponses,
  patchAlbumSchema,
} from '@stickerbook/api';
import { collectAlbumFiles } from '../images/file-cleanup.ts';
import { imageServices, scheduleFileCleanup } from '../images/service.ts';

export const DEFAULT_ALBUM_TITLE = 'Titel des Albums';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** SPEC §7 albums. Every route checks access itself: owner, collaborator, admin or guest owner; anyone else 404. */
export const albumRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;

  const bodyCache = new AlbumBodyCache();
  const checksCache = new AlbumChecksCache();
  await app.register(coverPreviewRoutes);

  async function loadAlbum(principal: Principal, id: string) {
    const found = await findAlbumFor(db, id, principal);
    if (!found) throw notFound('Album');
    return found;
  }

  async function view(found: Awaited<ReturnType<typeof loadAlbum>>, language: Language) {
    const organization = found.album.organizationId
      ? await findOrganization(db, found.album.organizationId)
      : undefined;
    const checks = await loadAlbumChecks(db, found.album.id, found.album.workspace);
    return toAlbumView(found.album, found.access, organization, {
      errors: preflightView(checks.errors, language),
      statistics: checks.statistics,
    });
  }

  app.get(
    '/albums',
    {
      schema: {
        tags: ['albums'],
        response: { 200: albumListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const owner = ownerIdentifierOf(principal);
      const rows = await listAlbumsFor(db, principal);
      const previews = await albumsWithCoverPreview(
        db,
        rows.map((row) => row.id),
      );
      // The cards draw the cover themselves until the first thumbnail is there.
      for (const row of rows)
        if (!previews.has(row.id))
          requestCoverPreview(app.ctx.database, row.id).catch((error: unknown) =>
            request.log.warn({ err: error, albumId: row.id }, 'queueing a cover preview failed'),
          );
      return {
        albums: rows.map((row) => toAlbumSummary(row, row.ownerIdentifier === owner, previews.has(row.id))),
      };
    },
  );

  app.get(
    '/albums/:id',
    { schema: { tags: ['albums'], params: idParams, response: { 200: albumSchema, ...errorResponses } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // One small query for access and freshness; the album and its document come from memory when unchanged.
      const fresh = await albumFreshness(db, request.params.id, principal);
      if (!fresh) throw notFound('Album');
      const [cached, organization] = await Promise.all([
        bodyCache.get(db, request.params.id, fresh),
        fresh.organizationId ? findOrganization(db, fresh.organizationId) : undefined,
      ]);
      if (!cached) throw notFound('Album');
      const checks = await checksCache.get(db, request.params.id, fresh, () => cached.document());
      const language = preferredLanguage(request.headers['accept-language']) ?? 'en';
      const { workspace: _workspace, ...rest } = toAlbumView(
        { ...cached.album, workspace: { settings: cached.settings } as AlbumRow['workspace'] },
        fresh.access,
        organization,
        checks && { errors: preflightView(checks.errors, language), statistics: checks.statistics },
        cached.stickerSorts,
      );
      // The document goes out as the bytes cached for this version; the rest through the same view as elsewhere.
      const head = `${JSON.stringify(rest).slice(0, -1)},"workspace":`;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      // A Buffer goes out as it is: no serialisation, no response validation, no re-encoding; compressed once
      // per version and kept (the compress hook leaves a body with a Content-Encoding alone).
      void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const body = encoding ? cached.encodedBody(head, encoding) : cached.body(head);
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(body as unknown as z.infer<typeof albumSchema>);
    },
  );

  app.post(
    '/albums',
    {
      schema: {
        tags: ['albums'],
        body: createAlbumSchema,
        response: { 201: albumSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      const blueprint = await findBlueprint(db, body.blueprint_id);
      if (!blueprint) throw new AppError(422, 'BLUEPRINT_NOT_FOUND', 'There is no blueprint with this id');
      const owner = ownerIdentifierOf(principal);
      const organization = body.organization && (await insertOrganization(db, owner, body.organization));
      const language = body.language ?? preferredLanguage(request.headers['accept-language']) ?? 'de';
      const workspace = copyBlueprintDocument(blueprint.workspace, { emptyInside: body.empty_inside });
      const texts = blueprintTexts(app.ctx.config.seedsDir).get(language);
      const album = await insertAlbum(db, {
        ownerIdentifier: owner,
        title: body.title ?? DEFAULT_ALBUM_TITLE,
        releaseDate: body.release_date ?? null,
        language,
        category: blueprint.category,
        blueprintAlbumId: blueprint.id,
        blueprintCategory: blueprint.category,
        blueprintTitle: blueprint.title,
        organizationId: organization?.id ?? null,
        settings: body.analytics_metadata ? { analyticsMetadata: body.analytics_metadata } : {},
        workspace: texts ? translateBlueprintDocument(workspace, texts) : workspace,
      });
      // A visitor who came through a partner link (utm_source of the kept marketing parameters) is an album conversion.
      await creditAlbum(db, album.id, body.analytics_metadata);
      return reply.status(201).send(toAlbumView(album, 'owner', organization));
    },
  );

  app.patch(
    '/albums/:id',
    {
      schema: {
        tags: ['albums'],
        params: idParams,
        body: patchAlbumSchema,
        response: { 200: albumSchema, ...errorResponses, 422: errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const found = await loadAlbum(principal, request.params.id);
      const {
        title,
        releaseDate,
        language,
        fonts,
        colors,
        locked,
        email_notifications_enabled,
        ...settings
      } = request.body;
      // SPEC §4: the lock comes from print approval; only admins switch it by hand, and only they edit a locked album.
      if (locked !== undefined && !isAdmin(principal))
        throw forbidden('ADMIN_ONLY', 'Only admins can lock or unlock an album');
      if (found.album.locked && !isAdmin(principal))
        throw new AppError(409, 'ALBUM_LOCKED', 'The album is approved for print');

      // Fonts and colours are document settings: they are saved as a mutation like an editor's, so they are
      // logged and every open editor receives them as a `mutations` event instead of reloading.
      const patches: Patch[] = [];
      if (fonts) patches.push({ op: 'replace', path: settingPath('fonts'), value: fonts });
      if (colors) patches.push({ op: 'replace', path: settingPath('colors'), value: colors });
      if (patches.length > 0) {
        const saved = await saveServerChange(app.realtime, found.album.id, principal, patches);
        if (!saved.ok) {
          if (saved.code === 'ACCESS_LOST') throw notFound('Album');
          if (saved.code === 'ALBUM_LOCKED') throw new AppError(409, 'ALBUM_LOCKED', saved.message);
          if (saved.code === 'SAVE_FAILED') throw new AppError(503, 'SAVE_FAILED', saved.message);
          throw new AppError(422, 'INVALID_SETTINGS', saved.message, { path: saved.path });
        }
      }
      // Sticker link (issue 8): guests cannot run a public link; switching it on the first time makes the token.
      const nextSettings: AlbumSettingsRecord = {
        ...found.album.settings,
        ...stickerLinkSettings(principal, found.album.settings, settings),
      };
      if (email_notifications_enabled !== undefined)
        nextSettings.emailNotificationsEnabled = email_notifications_enabled;

      const album = await updateAlbum(db, found.album.id, {
        title,
        releaseDate,
        language,
        locked,
        settings: nextSettings,
      });
      // The cover shows the title and event date (automatic texts): its thumbnail follows once edits settle.
      if (title !== undefined || releaseDate !== undefined || language !== undefined)
        refreshCoverPreview(app.ctx.database, album.id).catch((error: unknown) =>
          request.log.warn({ err: error, albumId: album.id }, 'queueing a cover preview failed'),
        );
      // The admin's lock switch (SPEC §4) reaches open editors like a print approval does.
      if (locked !== undefined && locked !== found.album.locked)
        broadcastAlbumLock(app.realtime, album.id, locked);
      return view(
        { album, access: found.access },
        preferredLanguage(request.headers['accept-language']) ?? 'en',
      );
    },
  );

  app.delete(
    '/albums/:id',
    { schema: { tags: ['albums'], params: idParams, response: { 204: z.undefined(), ...errorResponses } } },
    async (request, reply) => {
      const found = await loadAlbum(requirePrincipal(request), request.params.id);
      if (found.access !== 'owner') throw forbidden('NOT_OWNER', 'Only the owner can delete the album');
      // The album's files (images, sticker photos, AI edits, exports) follow its rows in the file cleanup job.
      const files = await collectAlbumFiles(app.ctx.database, found.album.id);
      await deleteAlbum(db, found.album.id);
      await scheduleFileCleanup(imageServices(app), files);
      return reply.status(204).send();
    },
  );
};
