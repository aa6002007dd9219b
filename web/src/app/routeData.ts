import { matchRoutes } from 'react-router-dom';
import { albumQuery, albumsQuery } from '../api/queries.ts';
import { getSession } from '../auth/session.ts';
import { queryClient } from './queryClient.ts';
import { ROUTES } from './routeTable.ts';

/**
 * The data a page needs first, asked for at start-up beside its screen's code (issue 23 item 5): the editor's
 * album arrives while the editor's chunks still load, instead of after its first render asked for it; the start
 * page's album list likewise, for a signed-in user (anyone else is sent to the login page, so nothing is asked
 * for). It is the screen's own query (same key, function and retries), so the screen finds the data in the cache
 * or on its way; the client's one-refresh-at-a-time rule covers a session that needs a new token for it.
 */
export function prefetchRouteData(pathname: string): Promise<void> {
  const match = matchRoutes(
    ROUTES.map((entry) => ({ path: entry.path, id: entry.screen })),
    pathname,
  )?.at(-1);
  const albumId = match?.params.albumId;
  if (match?.route.id === 'editor' && albumId) return queryClient.prefetchQuery(albumQuery(albumId));
  if (match?.route.id === 'start' && getSession().kind === 'user')
    return queryClient.prefetchQuery(albumsQuery());
  return Promise.resolve();
}
