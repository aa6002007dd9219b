import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { toUserView, type UserRow, type UserView } from '../users/repository.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { issueRefreshToken } from '../auth/refresh-tokens.ts';

/** What the client reads; the refresh token goes in its HttpOnly cookie only (auth/refresh-cookie.ts). */
export interface UserSession {
  access_token: string;
  user: UserView;
}

/**
 * Login, sign-up, refresh and OIDC all end here: a fresh access token and the user in the body, the refresh
 * token (the next of its family after a refresh, else a new family) in the cookie of `reply`.
 */
export async function issueUserSession(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRow,
  refreshToken?: string,
): Promise<UserSession> {
  const db = ctx.database.db;
  setRefreshCookie(
    reply,
    'user',
    refreshToken ?? (await issueRefreshToken(db, user.id, 'user')),
    ctx.config.publicUrl,
  );
  return {
    access_token: await ctx.tokens.sign({ kind: 'user', id: user.id, email: user.email, roles: user.roles }),
    user: await toUserView(db, user),
  };
}
