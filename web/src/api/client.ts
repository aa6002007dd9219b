import type { GuestSessionView, UserSessionView } from '@stickerbook/api';
import i18n from 'i18next';
import { clearSession, getSession, setSession, type Session, type SessionUser } from '../auth/session.ts';
import { isExpired } from '../auth/jwt.ts';
import { takeStartupRead, takeStartupRefresh } from '../auth/startupRefresh.ts';
import { ApiError, NETWORK_ERROR, errorFromResponse } from './errors.ts';

export const API_BASE = '/api/v1';

export interface RequestOptions {
  body?: unknown;
  /** Overrides the UI language in Accept-Language (the editor sends the album's language). */
  language?: string;
  /** Create a guest token first when nobody is signed in (wizard, editor, checkout). */
  asGuest?: boolean;
  /** Send no token at all (public endpoints). */
  anonymous?: boolean;
  /** Use this token instead of the session's (e.g. a fresh login's, before it becomes the session). */
  accessToken?: string;
  /** Headers of one call, e.g. placing an order's `Idempotency-Key` (a retry with the same key places it once). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A login, sign-up or refresh answer; the refresh token comes in an HttpOnly cookie, never in the body. */
type UserTokens = UserSessionView;
type GuestTokens = GuestSessionView;

type UnauthorizedHandler = () => void;
let onUserLoggedOut: UnauthorizedHandler = () => {
  window.location.assign(loginPathFor(window.location.pathname + window.location.search));
};

/** The router registers a navigate-based handler so logout does not reload the page. */
export function setUserLoggedOutHandler(handler: UnauthorizedHandler): void {
  onUserLoggedOut = handler;
}

export function loginPathFor(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}

async function rawFetch(method: string, path: string, token: string | undefined, options: RequestOptions) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': options.language ?? i18n.language ?? 'en',
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(API_BASE + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    throw asNetworkError(cause);
  }
}

async function postForJson<T>(path: string, body: unknown): Promise<T> {
  return jsonOf<T>(await rawFetch('POST', path, undefined, { body }));
}

async function jsonOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

// One refresh at a time: parallel requests that all find an expired token share it (a second refresh with the
// same cookie would look like a stolen token and end the session).
let refreshing: Promise<Session> | null = null;

function singleFlight(work: () => Promise<Session>): Promise<Session> {
  refreshing ??= work().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Whether a refresh failed because the server answered no (a 4xx), not because no answer came. */
function refusedByServer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** A call that got no answer as NETWORK_ERROR; an abort, and an error the server answered, stay as they are. */
function asNetworkError(error: unknown): unknown {
  if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError'))
    return error;
  return new ApiError(NETWORK_ERROR, 0, String(error));
}

/** A new access token from the refresh cookie, which rotates on the way. */
async function refreshSession(session: Session): Promise<Session> {
  if (session.kind === 'user') {
    try {
      // The page's first refresh may already be under way (auth/startupRefresh.ts).
      const early = takeStartupRefresh();
      const tokens = early
        ? await jsonOf<UserTokens>(await early)
        : await postForJson<UserTokens>('/auth/refresh', undefined);
      const next: Session = {
        kind: 'user',
        accessToken: tokens.access_token,
        user: tokens.user,
      };
      setSession(next);
      return next;
    } catch (error) {
      // Only the server's refusal ends the session (SPEC: 401 logs out). A refresh that got no answer (offline, or
      // cut off because the page is being left or reloaded) keeps it: logging out there signed the user out of
      // every page they reloaded while a refresh was under way.
      if (!refusedByServer(error)) throw asNetworkError(error);
      logOutUser();
      return { kind: 'none' };
    }
  }
  if (session.kind === 'guest') {
    try {
      // The last access token, when this page still has one, ties the refresh to the same guest.
      const tokens = await postForJson<GuestTokens>(
        '/public/guest_tokens/refresh',
        session.accessToken ? { access_token: session.accessToken } : undefined,
      );
      const next: Session = { kind: 'guest', guestId: tokens.guest_id, accessToken: tokens.access_token };
      setSession(next);
      return next;
    } catch (error) {
      // SPEC §4: a failed guest refresh clears the guest credentials; one that got no answer keeps them, or the
      // guest lost the album they were making.
      if (!refusedByServer(error)) throw asNetworkError(error);
      clearSession();
      return { kind: 'none' };
    }
  }
  return session;
}

export async function createGuestSession(): Promise<Session> {
  const tokens = await postForJson<GuestTokens>('/public/guest_tokens', undefined);
  const next: Session = { kind: 'guest', guestId: tokens.guest_id, accessToken: tokens.access_token };
  setSession(next);
  return next;
}

/**
 * A session whose access token is fresh: refreshed when expired or not yet known (after a reload), a guest one
 * created when asked for.
 */
export async function freshSession(asGuest = false): Promise<Session> {
  let session = getSession();
  if (session.kind !== 'none' && (!session.accessToken || isExpired(session.accessToken))) {
    const stale = session;
    session = await singleFlight(() => refreshSession(stale));
  }
  if (session.kind === 'none' && asGuest) {
    session = await singleFlight(createGuestSession);
  }
  return session;
}

export function logOutUser(): void {
  const wasUser = getSession().kind === 'user';
  endServerSession();
  clearSession();
  if (wasUser) onUserLoggedOut();
}

/** Revokes the refresh cookie's token family and clears the cookie (the page cannot touch an HttpOnly cookie). */
export function endServerSession(): void {
  try {
    void fetch(`${API_BASE}/auth/refresh`, { method: 'DELETE', keepalive: true }).catch(() => undefined);
  } catch {
    // Logging out here must never fail; the cookie then simply runs out.
  }
}

function tokenOf(session: Session): string | undefined {
  return session.kind === 'none' ? undefined : session.accessToken;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  if (options.anonymous || options.accessToken) {
    const response = await rawFetch(method, path, options.accessToken, options);
    return parseResponse<T>(response);
  }
  const session = await freshSession(options.asGuest);
  let response =
    (await startupRead(method, path, options)) ?? (await rawFetch(method, path, tokenOf(session), options));

  if (response.status === 401) {
    if (session.kind === 'user') {
      logOutUser();
    } else if (session.kind === 'guest') {
      const renewed = await singleFlight(() => refreshSession(session));
      if (renewed.kind === 'guest') response = await rawFetch(method, path, renewed.accessToken, options);
    }
  }
  return parseResponse<T>(response);
}

/**
 * The answer to the page's first read when the preload script already asked for it (auth/startupRefresh.ts), with
 * the token the session now holds; a failed early read is asked for again as usual.
 */
async function startupRead(method: string, path: string, options: RequestOptions) {
  if (method !== 'GET' || options.language !== undefined || options.headers || options.signal)
    return undefined;
  const response = await takeStartupRead(API_BASE + path);
  return response?.ok ? response : undefined;
}

async function parseResponse<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Makes a login/sign-up answer the current session (its refresh cookie is already set). */
export function startUserSession(tokens: { access_token: string; user: SessionUser }): void {
  setSession({ kind: 'user', accessToken: tokens.access_token, user: tokens.user });
}

export type { UserTokens };
