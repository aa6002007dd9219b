import { eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import { OidcClient } from '../auth/oidc-client.ts';
import { userFromOidcClaims } from './oidc-users.ts';
import { issueUserSession } from './sessions.ts';
import { oidcLoginAttempts } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

const ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** Only same-site paths: '//evil.example' would be an open redirect. */
const returnToSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, 'Must be a path on this site')
  .default('/start');

/**
 * Optional login through an external OpenID Connect provider (authorization code + PKCE). The callback issues
 * our own tokens and hands them to the SPA in the URL fragment, which never reaches a server log.
 */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const settings = ctx.config.oidc;
  if (!settings) return;
  const db = ctx.database.db;
  const oidc = new OidcClient(settings, `${ctx.config.publicUrl}/api/v1/auth/oidc/callback`);
  const rateLimit = { max: ctx.config.rateLimits.authPerMinute, timeWindow: '1 minute' };

  app.get(
    '/auth/oidc/start',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], querystring: z.strictObject({ return_to: returnToSchema }) },
    },
    async (request, reply) => {
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await db
        .delete(oidcLoginAttempts)
        .where(lt(oidcLoginAttempts.createdAt, new Date(Date.now() - ATTEMPT_TTL_MS)));
      await db
        .insert(oidcLoginAttempts)
        .values({ state, nonce, codeVerifier, returnTo: request.query.return_to });
      let url: URL;
      try {
        url = await oidc.authorizationUrl(state, nonce, codeVerifier);
      } catch (error) {
        request.log.error({ err: error }, 'OIDC discovery failed');
        throw new AppError(503, 'OIDC_UNAVAILABLE', 'The login provider cannot be reached');
      }
      return reply.redirect(url.href);
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], querystring: z.object({ state: z.string().max(200).optional() }).loose() },
    },
    async (request, reply) => {
      const fail = (reason: string) => reply.redirect(`/login/callback#error=${encodeURIComponent(reason)}`);
      const state = request.query.state;
      if (!state) return fail('OIDC_FAILED');
      const [attempt] = await db
        .delete(oidcLoginAttempts)
        .where(eq(oidcLoginAttempts.state, state))
        .returning();
      if (!attempt || attempt.createdAt.getTime() < Date.now() - ATTEMPT_TTL_MS) return fail('OIDC_EXPIRED');
      try {
        const query = request.url.slice(request.url.indexOf('?') + 1);
        const claims = await oidc.claims(query, {
          state,
          nonce: attempt.nonce,
          codeVerifier: attempt.codeVerifier,
        });
        const user = await userFromOidcClaims(db, claims, oidc.roleClaim);
        const session = await issueUserSession(ctx, reply, user);
        const fragment = new URLSearchParams({
          access_token: session.access_token,
          return_to: attempt.returnTo,
        });
        return reply.redirect(`/login/callback#${fragment}`);
      } catch (error) {
        request.log.warn({ err: error }, 'OIDC login failed');
        return fail('OIDC_FAILED');
      }
    },
  );
};
