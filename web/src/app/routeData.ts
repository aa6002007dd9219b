import { matchRoutes } from 'react-router-dom';
import { albumQuery } from '../api/queries.ts';
import { queryClient } from './queryClient.ts';
import { ROUTES } from './routeTable.ts';

/**
 * The data a page needs first, asked for at start-up beside its screen's code (issue 23 item 5): the editor's
 * album arrives while the editor's chunks still load, instead of after its first render asked for it. It is the
 * screen's own query (same key, function and retries), so the screen finds the album in the cache or on its way;
 * the client's one-refresh-at-a-time rule covers a session that needs a new token for it.
 */
export function prefetchRouteData(pathname: string): Promise<void> {
  const match = matchRoutes(
    ROUTES.map((entry) => ({ path: entry.path, id: entry.screen })),
    pathname,
  )?.at(-1);
  const albumId = match?.params.albumId;
  if (match?.route.id === 'editor' && albumId) return queryClient.prefetchQuery(albumQuery(albumId));
  return Promise.resolve();
}
