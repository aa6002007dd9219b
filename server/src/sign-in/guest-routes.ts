import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../auth/refresh-cookie.ts';
import { issueRefreshToken, revokeAllFor, rotateRefreshToken } from '../auth/refresh-tokens.ts';
import { guests } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { moveAlbumsToOwner } from '../album-store/albums.ts';
import {
  errorResponses,
  guestMigrationSchema,
  guestSessionSchema,
  migratedAlbumsSchema,
} from '@stickerbook/api';

/** A guest may come back with an expired access token: it proves who they are, the refresh token proves it is current. */
const GUEST_TOKEN_GRACE_SECONDS = 30 * 24 * 60 * 60;

const invalidGuestToken = () => new AppError(401, 'INVALID_GUEST_TOKEN', 'The guest token is not valid');

/** SPEC §7 guest tokens and guest migration (SPEC §4: the guest's albums move to the account on login). */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const rateLimit = { max: ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  app.post(
    '/public/guest_tokens',
    {
      config: { rateLimit },
      schema: {
        tags: ['guests'],
        response: {
          201: guestSessionSchema,
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      const [guest] = await db.insert(guests).values({}).returning();
      setRefreshCookie(reply, 'guest', await issueRefreshToken(db, guest.id, 'guest'), ctx.config.publicUrl);
      return reply.status(201).send({
        access_token: await ctx.tokens.sign({ kind: 'guest', id: guest.id, roles: [] }),
        guest_id: guest.id,
      });
    },
  );

  app.post(
    '/public/guest_tokens/refresh',
    {
      config: { rateLimit },
      schema: {
        tags: ['guests'],
        description:
          'Rotates the guest refresh token of the `sb_guest_refresh` cookie. The last access token may be sent ' +
          'too (expired up to 30 days); then it must be the same guest.',
        body: z.strictObject({ access_token: z.string().min(1).max(4000).optional() }).nullish(),
        response: { 200: guestSessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const refuse = () => {
        clearRefreshCookie(reply, 'guest', ctx.config.publicUrl);
        return invalidGuestToken();
      };
      const token = readRefreshCookie(request, 'guest');
      const sent = request.body?.access_token;
      const previous = sent ? await ctx.tokens.verify(sent, GUEST_TOKEN_GRACE_SECONDS) : undefined;
      if (sent && previous?.kind !== 'guest') throw refuse();
      const rotated = token ? await rotateRefreshToken(db, token, 'guest') : null;
      if (!rotated || (previous && rotated.subject !== previous.id)) throw refuse();
      setRefreshCookie(reply, 'guest', rotated.refreshToken, ctx.config.publicUrl);
      return {
        access_token: await ctx.tokens.sign({ kind: 'guest', id: rotated.subject, roles: [] }),
        guest_id: rotated.subject,
      };
    },
  );

  app.post(
    '/guest_user_migrations',
    {
      schema: {
        tags: ['guests'],
        body: guestMigrationSchema,
        response: { 200: migratedAlbumsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The web may send the bare guest id or the album owner form 'guest:<id>'.
      const guestId = request.body.guest_user_identifier.replace(/^guest:/, '');
      const guest = await ctx.tokens.verify(request.body.guest_access_token, GUEST_TOKEN_GRACE_SECONDS);
      if (guest?.kind !== 'guest' || guest.id !== guestId) {
        throw new AppError(422, 'GUEST_TOKEN_MISMATCH', 'The guest token does not belong to this guest');
      }
      const migrated = await moveAlbumsToOwner(db, `guest:${guestId}`, user.id);
      // The guest identity is used up: its refresh tokens must not mint new guest tokens.
      await revokeAllFor(db, guestId);
      clearRefreshCookie(reply, 'guest', ctx.config.publicUrl);
      return { migrated_album_ids: migrated };
    },
  );
};
