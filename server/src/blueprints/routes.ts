import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { preferredLanguage } from '../i18n/languages.ts';
import { blueprintTexts } from './texts.ts';
import { findBlueprint, listBlueprints, type BlueprintRow } from './repository.ts';
import { blueprintListSchema, blueprintSchema, errorResponses } from '@stickerbook/api';

/**
 * A template's name in the request's language (issue 22 item 11: the wizard's cards were English in German). The
 * names are in the same dictionaries as the templates' texts (`seeds/blueprint-texts`); search still matches the
 * stored English name.
 */
type Texts = Readonly<Record<string, string>> | undefined;

const summary = (row: BlueprintRow, texts?: Texts) => ({
  id: row.id,
  title: texts?.[row.title] ?? row.title,
  blueprint_category: row.category,
  // The web draws template covers itself from GET /blueprints/:id/cover (covers/routes.ts).
  cover_preview_url: null,
  colors: row.colors,
  fonts: row.fonts,
});

const full = (row: BlueprintRow, texts?: Texts) => ({
  ...summary(row, texts),
  workspace: row.workspace as unknown as Record<string, unknown>,
  images: row.images,
});

/** Album templates for the wizard (SPEC §7 GET /blueprints). Readable by anyone, guests included. */
export const blueprintRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const rateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };
  const textsFor = (acceptLanguage: string | undefined) =>
    blueprintTexts(app.ctx.config.seedsDir).get(preferredLanguage(acceptLanguage) ?? 'en');

  app.get(
    '/blueprints',
    {
      config: { rateLimit },
      schema: {
        tags: ['blueprints'],
        querystring: z.strictObject({
          q: z.string().trim().max(100).optional(),
          attributes: z.enum(['FULL']).optional(),
        }),
        response: {
          200: blueprintListSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const rows = await listBlueprints(app.ctx.database.db, request.query.q || undefined);
      const texts = textsFor(request.headers['accept-language']);
      const view = request.query.attributes === 'FULL' ? full : summary;
      return { blueprints: rows.map((row) => view(row, texts)) };
    },
  );

  app.get(
    '/blueprints/:id',
    {
      config: { rateLimit },
      schema: {
        tags: ['blueprints'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: blueprintSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findBlueprint(db, request.params.id);
      if (!row) throw notFound('Blueprint');
      return full(row, textsFor(request.headers['accept-language']));
    },
  );
};
