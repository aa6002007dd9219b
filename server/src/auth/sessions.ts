import type { AppContext } from '../app.ts';
import { toUserView, type UserRow, type UserView } from '../repositories/users.ts';
import { issueRefreshToken } from './refresh-tokens.ts';

export interface UserSession {
  access_token: string;
  refresh_token: string;
  user: UserView;
}

/** Login, sign-up, refresh and OIDC all end here: a fresh access token, a refresh token and the user. */
export async function issueUserSession(
  ctx: AppContext,
  user: UserRow,
  refreshToken?: string,
): Promise<UserSession> {
  const db = ctx.database.db;
  return {
    access_token: await ctx.tokens.sign({ kind: 'user', id: user.id, email: user.email, roles: user.roles }),
    refresh_token: refreshToken ?? (await issueRefreshToken(db, user.id, 'user')),
    user: await toUserView(db, user),
  };
}
