import { useMemo, useSyncExternalStore } from 'react';
import { isExpired, readClaims } from './jwt.ts';
import { SESSION_STORAGE_KEY } from './startupRefresh.ts';

/** The signed-in user as far as the shell needs it (the full profile comes from GET /users/me). */
export interface SessionUser {
  sub: string;
  email: string;
  nickname?: string | null;
  picture?: string | null;
  roles: string[];
  /** The UI language kept with the account (de, en, fr, it, pl), null until one was chosen. */
  locale?: string | null;
}

/**
 * Who is signed in. The access token lives in memory only; the refresh token is an HttpOnly cookie the page
 * never sees (issue 16: an injected script must not carry a long-lived session away). `localStorage` keeps only
 * who it was (kind, guest id, user profile), so a reload knows to refresh and the route guards can answer at once;
 * until that refresh the session has no access token.
 */
export type Session =
  | { kind: 'none' }
  | { kind: 'guest'; guestId: string; accessToken?: string }
  | { kind: 'user'; accessToken?: string; user: SessionUser };

/** What route guards and menus look at. */
export interface Viewer {
  kind: Session['kind'];
  isAdmin: boolean;
}

const STORAGE_KEY = SESSION_STORAGE_KEY;
const listeners = new Set<() => void>();
let current: Session = load();

/** What may be stored: the session without any token. */
function withoutTokens(session: Session): Session {
  if (session.kind === 'guest') return { kind: 'guest', guestId: session.guestId };
  if (session.kind === 'user') return { kind: 'user', user: session.user };
  return session;
}

function load(): Session {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return { kind: 'none' };
    const parsed = JSON.parse(raw) as Session;
    if (parsed.kind !== 'guest' && parsed.kind !== 'user') return { kind: 'none' };
    const stored = withoutTokens(parsed);
    // Sessions stored before tokens left local storage: drop their tokens now.
    if (Object.keys(parsed).length !== Object.keys(stored).length)
      localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    return stored;
  } catch {
    return { kind: 'none' };
  }
}

export function getSession(): Session {
  return current;
}

export function setSession(next: Session): void {
  current = next;
  if (next.kind === 'none') localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(withoutTokens(next)));
  listeners.forEach((listener) => listener());
}

/** The session's access token while it is still valid (no refresh: for code that must not wait). */
export function validAccessToken(session: Session): string | undefined {
  if (session.kind === 'none' || !session.accessToken) return undefined;
  return isExpired(session.accessToken) ? undefined : session.accessToken;
}

export function clearSession(): void {
  setSession({ kind: 'none' });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function viewerOf(session: Session): Viewer {
  if (session.kind !== 'user') return { kind: session.kind, isAdmin: false };
  const roles = session.user.roles.length
    ? session.user.roles
    : ((session.accessToken && readClaims(session.accessToken).roles) ?? []);
  return { kind: 'user', isAdmin: roles.includes('admin') };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useViewer(): Viewer {
  const session = useSession();
  return useMemo(() => viewerOf(session), [session]);
}

// Another tab logging in or out changes this tab's session too (its next request refreshes from the cookie).
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  const stored = load();
  const same =
    stored.kind === current.kind &&
    (stored.kind !== 'user' || current.kind !== 'user' || stored.user.sub === current.user.sub) &&
    (stored.kind !== 'guest' || current.kind !== 'guest' || stored.guestId === current.guestId);
  // The same person with a fresh profile keeps this tab's access token.
  current =
    same && current.kind !== 'none' ? ({ ...stored, accessToken: current.accessToken } as Session) : stored;
  listeners.forEach((listener) => listener());
});
