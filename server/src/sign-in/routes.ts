import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendActivationMail } from '../auth/activation.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { clearRefreshCookie, readRefreshCookie } from '../auth/refresh-cookie.ts';
import { revokeRefreshToken, rotateRefreshToken } from '../auth/refresh-tokens.ts';
import { issueUserSession } from './sessions.ts';
import { AppError } from '../http/errors.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/repository.ts';
import { preferredLanguage } from '../i18n/languages.ts';
import {
  authConfigSchema,
  errorResponses,
  loginSchema,
  signUpSchema,
  userSessionSchema,
} from '@stickerbook/api';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'E-mail or password is wrong');

/** Built-in accounts (DESIGN.md "Accounts and roles"): sign-up, login, refresh-token rotation. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const rateLimit = { max: ctx.config.rateLimits.authPerMinute, timeWindow: '1 minute' };

  app.post(
    '/auth/signup',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: signUpSchema,
        response: { 201: userSessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password, nickname } = request.body;
      if (await findUserByEmail(db, email))
        throw new AppError(409, 'EMAIL_TAKEN', 'This e-mail already has an account');
      const user = await insertUser(db, {
        email,
        passwordHash: await hashPassword(password),
        nickname: nickname ?? null,
        locale: preferredLanguage(request.headers['accept-language']),
      });
      // The account works at once; what is meant for its address waits for the activation link.
      await sendActivationMail(ctx, user).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not queue the activation mail'),
      );
      return reply.status(201).send(await issueUserSession(ctx, reply, user));
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: userSessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.body.email);
      if (!user?.passwordHash) throw invalidCredentials();
      if (!(await verifyPassword(request.body.password, user.passwordHash))) throw invalidCredentials();
      return issueUserSession(ctx, reply, user);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        description: 'Rotates the refresh token of the `sb_refresh` cookie; the next one comes back in it.',
        response: { 200: userSessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request, 'user');
      const rotated = token ? await rotateRefreshToken(db, token, 'user') : null;
      const user = rotated && (await findUserById(db, rotated.subject));
      if (!rotated || !user) {
        clearRefreshCookie(reply, 'user', ctx.config.publicUrl);
        throw new AppError(401, 'INVALID_REFRESH_TOKEN', 'Please log in again');
      }
      return issueUserSession(ctx, reply, user, rotated.refreshToken);
    },
  );

  app.delete(
    '/auth/refresh',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        description: "Logs out: revokes the cookie's refresh token family and clears the cookie.",
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request, 'user');
      if (token) await revokeRefreshToken(db, token);
      clearRefreshCookie(reply, 'user', ctx.config.publicUrl);
      return reply.status(204).send(null);
    },
  );

  app.get('/auth/config', { schema: { tags: ['auth'], response: { 200: authConfigSchema } } }, async () => ({
    oidc: Boolean(ctx.config.oidc),
  }));
};
