import { documentOnboardingFlags, ONBOARDING_STEPS, type OnboardingState } from '@stickerbook/model';
import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import { albumMembers, type AlbumSettingsRecord } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { findAlbumFor } from '../repositories/albums.ts';
import { findBlueprint } from '../repositories/blueprints.ts';
import { DEFAULT_ALBUM_TITLE } from './albums.ts';
import { errorResponses } from './schemas.ts';

const onboardingStateSchema = z.object(
  Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, z.boolean()])) as Record<
    (typeof ONBOARDING_STEPS)[number],
    z.ZodBoolean
  >,
);

/** Sticker link settings a user changes from their defaults (SPEC §3 sticker link settings). */
const STICKER_LINK_KEYS: ReadonlyArray<keyof AlbumSettingsRecord> = [
  'stickerUploadEnabled',
  'stickerUploadWhiteLabel',
  'stickerUploadContent',
  'stickerUploadCustomDomain',
  'stickerUploadRequirePosition',
  'stickerUploadSurpriseMode',
  'stickerUploadAskForTitle',
];

/**
 * SPEC §7 GET /albums/{id}/onboarding_state: the six onboarding flags of SPEC §3, derived from the album rather
 * than stored, so they can never disagree with it. Invitations count through accepted members until the
 * invitations table exists (the invitations issue adds pending ones).
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  app.get(
    '/albums/:id/onboarding_state',
    {
      schema: {
        tags: ['albums'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: onboardingStateSchema, ...errorResponses },
      },
    },
    async (request): Promise<OnboardingState> => {
      const found = await findAlbumFor(db, request.params.id, requirePrincipal(request));
      if (!found) throw notFound('Album');
      const { album } = found;
      const [members] = await db
        .select({ value: count() })
        .from(albumMembers)
        .where(eq(albumMembers.albumId, album.id));
      const blueprint = album.blueprintAlbumId ? await findBlueprint(db, album.blueprintAlbumId) : undefined;
      const settings = album.settings;
      return {
        has_invitations: (members?.value ?? 0) > 0,
        has_title_and_release_date:
          album.title.trim() !== '' && album.title !== DEFAULT_ALBUM_TITLE && album.releaseDate !== null,
        has_updated_sticker_link_config: STICKER_LINK_KEYS.some((key) => settings[key] !== undefined),
        ...documentOnboardingFlags(album.workspace, blueprint?.workspace),
      };
    },
  );
};
