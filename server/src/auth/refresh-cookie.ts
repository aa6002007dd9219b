import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from './refresh-tokens.ts';

/**
 * Refresh tokens live in HttpOnly cookies, never in a response body or `localStorage`, so a script injected into
 * the page cannot carry a long-lived session away (issue 16). Each cookie is sent only to the routes that use
 * it (its refresh path: POST refreshes, DELETE logs out), SameSite=Strict, and Secure when the site is served
 * over https (`PUBLIC_URL`; a plain-http localhost would not keep a Secure cookie).
 */
export type RefreshKind = 'user' | 'guest';

const REFRESH_COOKIES: Record<RefreshKind, { name: string; path: string }> = {
  user: { name: 'sb_refresh', path: '/api/v1/auth/refresh' },
  guest: { name: 'sb_guest_refresh', path: '/api/v1/public/guest_tokens/refresh' },
};

const secureFor = (publicUrl: string) => publicUrl.startsWith('https:');

export function setRefreshCookie(
  reply: FastifyReply,
  kind: RefreshKind,
  token: string,
  publicUrl: string,
): void {
  const { name, path } = REFRESH_COOKIES[kind];
  void reply.setCookie(name, token, {
    path,
    httpOnly: true,
    secure: secureFor(publicUrl),
    sameSite: 'strict',
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(reply: FastifyReply, kind: RefreshKind, publicUrl: string): void {
  const { name, path } = REFRESH_COOKIES[kind];
  void reply.clearCookie(name, { path, httpOnly: true, secure: secureFor(publicUrl), sameSite: 'strict' });
}

export function readRefreshCookie(request: FastifyRequest, kind: RefreshKind): string | undefined {
  const value = request.cookies[REFRESH_COOKIES[kind].name];
  return value && value.length <= 200 ? value : undefined;
}
