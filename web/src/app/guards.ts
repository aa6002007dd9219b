import { matchRoutes } from 'react-router-dom';
import type { Viewer } from '../auth/session.ts';
import { ROUTES, type Access, type RouteEntry } from './routeTable.ts';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

export interface PathLocation {
  pathname: string;
  search: string;
}

export function loginRedirect(location: PathLocation): string {
  return `/login?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/start';
  return raw;
}

/** SPEC §2: who may open a route, and where everyone else goes. */
export function decideAccess(access: Access, viewer: Viewer, location: PathLocation): GuardDecision {
  switch (access) {
    case 'public':
    case 'guest':
      return { kind: 'allow' };
    case 'anonymous-only': {
      if (viewer.kind !== 'user') return { kind: 'allow' };
      return { kind: 'redirect', to: safeReturnTo(new URLSearchParams(location.search).get('return_to')) };
    }
    case 'login':
      return viewer.kind === 'user' ? { kind: 'allow' } : { kind: 'redirect', to: loginRedirect(location) };
    case 'admin':
      if (viewer.kind !== 'user') return { kind: 'redirect', to: loginRedirect(location) };
      return viewer.isAdmin ? { kind: 'allow' } : { kind: 'not-found' };
  }
}

function findRoute(pathname: string): RouteEntry | undefined {
  const matches = matchRoutes(
    ROUTES.map((route) => ({ path: route.path, entry: route })),
    pathname,
  );
  return (matches?.[matches.length - 1]?.route as { entry: RouteEntry } | undefined)?.entry;
}

/** The whole decision for a URL: unknown paths go to /start (SPEC §2). */
export function decideForPath(location: PathLocation, viewer: Viewer): GuardDecision {
  const route = findRoute(location.pathname);
  if (!route) return { kind: 'redirect', to: '/start' };
  return decideAccess(route.access, viewer, location);
}
