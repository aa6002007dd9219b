import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import { sendActivationMail } from '../auth/activation.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { findUserById, toUserView, updateUser } from './repository.ts';
import { errorResponses, updateMeSchema, userSchema } from '@stickerbook/api';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;

  /** The token may outlive the account (deleted user): that is a 401, so the web logs out. */
  async function currentUser(request: Parameters<typeof requireUser>[0]) {
    const user = await findUserById(db, requireUser(request).id);
    if (!user) throw unauthorized('The account no longer exists');
    return user;
  }

  app.get(
    '/users/me',
    { schema: { tags: ['users'], response: { 200: userSchema, ...errorResponses } } },
    async (request) => toUserView(db, await currentUser(request)),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        body: updateMeSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const { nickname, picture, locale, cookieConsent } = request.body;
      const updated = await updateUser(db, user.id, { nickname, picture, locale, cookieConsent });
      return toUserView(db, updated);
    },
  );

  /**
   * Activates the account with the token of the activation mail's link (auth/activation.ts): it must be made for
   * this account and its current address. Activating twice is harmless.
   */
  app.patch(
    '/users/activate',
    {
      schema: {
        tags: ['users'],
        body: z.strictObject({ token: z.string().min(1).max(2000) }),
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      if (user.activatedAt) return toUserView(db, user);
      const proof = await app.ctx.tokens.verifyActivation(request.body.token);
      if (!proof || proof.userId !== user.id || proof.email.toLowerCase() !== user.email.toLowerCase())
        throw new AppError(400, 'ACTIVATION_LINK_INVALID', 'The activation link is invalid or has expired');
      return toUserView(db, await updateUser(db, user.id, { activatedAt: new Date() }));
    },
  );

  app.post(
    '/users/activation_mail',
    {
      config: { rateLimit: { max: app.ctx.config.rateLimits.authPerMinute, timeWindow: '1 minute' } },
      schema: { tags: ['users'], response: { 204: z.undefined(), ...errorResponses } },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      if (user.activatedAt) throw new AppError(409, 'ALREADY_ACTIVATED', 'The account is activated already');
      await sendActivationMail(app.ctx, user);
      return reply.status(204).send();
    },
  );
};
