import { documentOnboardingFlags, type OnboardingState } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { albumInvitations, albumMembers, type AlbumSettingsRecord } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { findAlbumFor } from '../album-store/albums.ts';
import { findBlueprint } from '../blueprints/repository.ts';
import { DEFAULT_ALBUM_TITLE } from '../albums/routes.ts';
import { errorResponses, onboardingStateSchema } from '@stickerbook/api';

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
 * SPEC §3 has_invitations: the owner has invited someone — an invitation is pending or accepted. Cancelling deletes
 * the invitation, so the step opens again. A collaborator can only have come through an invitation, so one counts
 * too, whether or not the accepted invitation is kept.
 */
async function albumHasInvitations(db: Db, albumId: string): Promise<boolean> {
  const [invitation] = await db
    .select({ id: albumInvitations.id })
    .from(albumInvitations)
    .where(eq(albumInvitations.albumId, albumId))
    .limit(1);
  if (invitation) return true;
  const [member] = await db
    .select({ userId: albumMembers.userId })
    .from(albumMembers)
    .where(eq(albumMembers.albumId, albumId))
    .limit(1);
  return member !== undefined;
}

/**
 * SPEC §7 GET /albums/{id}/onboarding_state: the six onboarding flags of SPEC §3, derived from the album rather
 * than stored, so they can never disagree with it.
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
      const hasInvitations = await albumHasInvitations(db, album.id);
      const blueprint = album.blueprintAlbumId ? await findBlueprint(db, album.blueprintAlbumId) : undefined;
      const settings = album.settings;
      return {
        has_invitations: hasInvitations,
        has_title_and_release_date:
          album.title.trim() !== '' && album.title !== DEFAULT_ALBUM_TITLE && album.releaseDate !== null,
        has_updated_sticker_link_config: STICKER_LINK_KEYS.some((key) => settings[key] !== undefined),
        ...documentOnboardingFlags(album.workspace, blueprint?.workspace),
      };
    },
  );
};
