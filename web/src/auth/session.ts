import { useMemo, useSyncExternalStore } from 'react';
import { readClaims } from './jwt.ts';

/** The signed-in user as far as the shell needs it (the full profile comes from GET /users/me). */
export interface SessionUser {
  sub: string;
  email: string;
  nickname?: string | null;
  picture?: string | null;
  roles: string[];
}

export type Session =
  | { kind: 'none' }
  | { kind: 'guest'; guestId: string; accessToken: string; refreshToken: string }
  | { kind: 'user'; accessToken: string; refreshToken: string; user: SessionUser };

/** What route guards and menus look at. */
export interface Viewer {
  kind: Session['kind'];
  isAdmin: boolean;
}

const STORAGE_KEY = 'stickerbook.session';
const listeners = new Set<() => void>();
let current: Session = load();

function load(): Session {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return { kind: 'none' };
    const parsed = JSON.parse(raw) as Session;
    return parsed.kind === 'guest' || parsed.kind === 'user' ? parsed : { kind: 'none' };
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
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

export function clearSession(): void {
  setSession({ kind: 'none' });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function viewerOf(session: Session): Viewer {
  if (session.kind !== 'user') return { kind: session.kind, isAdmin: false };
  const roles = session.user.roles.length
    ? session.user.roles
    : (readClaims(session.accessToken).roles ?? []);
  return { kind: 'user', isAdmin: roles.includes('admin') };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useViewer(): Viewer {
  const session = useSession();
  return useMemo(() => viewerOf(session), [session]);
}

// Another tab logging in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  current = load();
  listeners.forEach((listener) => listener());
});
