import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../auth/session.ts';
import { queryKeys } from '../api/queries.ts';
import { queryClient } from './queryClient.ts';
import { prefetchRouteData } from './routeData.ts';

/** A JWT-shaped token whose only meaningful claim is its expiry. */
const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;

describe('prefetchRouteData', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setSession({ kind: 'user', accessToken: token, user: { sub: 'u', email: 'e', roles: [] } });
    queryClient.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks for the album of an editor path and leaves it in the cache the editor reads', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ id: 'a1', name: 'Hochzeit' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await prefetchRouteData('/album/a1/cover');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/albums/a1');
    expect(queryClient.getQueryData(queryKeys.album('a1'))).toEqual({ id: 'a1', name: 'Hochzeit' });
  });

  it('asks for the album list of the start page, at / too, for a signed-in user', async () => {
    for (const path of ['/start', '/']) {
      queryClient.clear();
      fetchMock.mockResolvedValueOnce(
        new Response(JSON.stringify({ albums: [{ id: 'a1', title: 'Hochzeit' }] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      await prefetchRouteData(path);
      expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/v1/albums');
      expect(queryClient.getQueryData(queryKeys.albums)).toEqual([{ id: 'a1', title: 'Hochzeit' }]);
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks a signed-out visitor or a guest of the start page for nothing: the page sends them to the login', async () => {
    setSession({ kind: 'none' });
    await prefetchRouteData('/start');
    setSession({ kind: 'guest', guestId: 'g', accessToken: token });
    await prefetchRouteData('/start');
    await prefetchRouteData('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for nothing on pages whose routes win over the editor’s, or have no first data', async () => {
    for (const path of ['/album/new', '/album/a1/checkout', '/album/a1/migrate', '/album/a1/preview/t']) {
      await prefetchRouteData(path);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
