import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../auth/session.ts';
import { STARTUP_READ_GLOBAL, STARTUP_REFRESH_GLOBAL } from '../auth/startupRefresh.ts';
import { api, logOutUser, setUserLoggedOutHandler, startUserSession } from './client.ts';
import { ApiError } from './errors.ts';

/** A JWT-shaped token whose only meaningful claim is its expiry. */
function token(expiresInS: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expiresInS }));
  return `h.${payload}.s`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setSession({ kind: 'none' });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('turns the error envelope into an ApiError with its code', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'EMAIL_TAKEN', message: 'taken' } }));
    const failure = await api.post('/auth/signup', {}, { anonymous: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'EMAIL_TAKEN', status: 409 });
  });

  it('sends the bearer token and the requested language', async () => {
    setSession({
      kind: 'user',
      accessToken: token(3600),
      user: { sub: 'u', email: 'e', roles: [] },
    });
    fetchMock.mockResolvedValueOnce(json(200, { albums: [] }));
    await api.get('/albums', { language: 'pl' });
    const headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toMatch(/^Bearer h\./);
    expect(headers['Accept-Language']).toBe('pl');
  });

  it('answers the page’s first read from the early read the preload script started, once', async () => {
    setSession({ kind: 'user', accessToken: token(3600), user: { sub: 'u', email: 'e', roles: [] } });
    const holder = window as unknown as Record<string, unknown>;
    holder[STARTUP_READ_GLOBAL] = {
      url: '/api/v1/albums/a1',
      response: Promise.resolve(json(200, { id: 'a1', version: 3 })),
    };
    // Another URL does not take it.
    fetchMock.mockResolvedValueOnce(json(200, { albums: [] }));
    await api.get('/albums');
    expect(holder[STARTUP_READ_GLOBAL]).toBeDefined();
    await expect(api.get('/albums/a1')).resolves.toEqual({ id: 'a1', version: 3 });
    expect(fetchMock).toHaveBeenCalledOnce();
    // Taken once: the next read asks the server.
    fetchMock.mockResolvedValueOnce(json(200, { id: 'a1', version: 4 }));
    await expect(api.get('/albums/a1')).resolves.toEqual({ id: 'a1', version: 4 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early read failed or was refused', async () => {
    setSession({ kind: 'user', accessToken: token(3600), user: { sub: 'u', email: 'e', roles: [] } });
    const holder = window as unknown as Record<string, unknown>;
    for (const early of [undefined, json(500, { error: { code: 'INTERNAL', message: 'no' } })]) {
      holder[STARTUP_READ_GLOBAL] = { url: '/api/v1/albums/a1', response: Promise.resolve(early) };
      fetchMock.mockResolvedValueOnce(json(200, { id: 'a1' }));
      await expect(api.get('/albums/a1')).resolves.toEqual({ id: 'a1' });
      expect(holder[STARTUP_READ_GLOBAL]).toBeUndefined();
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const headers = fetchMock.mock.calls[1][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toMatch(/^Bearer h\./);
  });

  it('logs a user out on a 401', async () => {
    const loggedOut = vi.fn();
    setUserLoggedOutHandler(loggedOut);
    setSession({
      kind: 'user',
      accessToken: token(3600),
      user: { sub: 'u', email: 'e', roles: [] },
    });
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }));
    await expect(api.get('/albums')).rejects.toMatchObject({ status: 401 });
    expect(getSession().kind).toBe('none');
    expect(loggedOut).toHaveBeenCalledOnce();
  });

  it('creates a guest token when a guest-allowed call finds no session', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, { access_token: token(3600), guest_id: 'g1' }))
      .mockResolvedValueOnce(json(201, { id: 'a1' }));
    await api.post('/albums', { blueprint_id: 'b' }, { asGuest: true });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/public/guest_tokens');
    expect(getSession()).toMatchObject({ kind: 'guest', guestId: 'g1' });
  });

  it('refreshes an expired guest token and clears the guest when that fails', async () => {
    setSession({ kind: 'guest', guestId: 'g1', accessToken: token(-60) });
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } }));
    fetchMock.mockResolvedValueOnce(json(200, { blueprints: [] }));
    await api.get('/blueprints');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/public/guest_tokens/refresh');
    expect(getSession().kind).toBe('none');
  });

  it('keeps no token in local storage, only who is signed in', async () => {
    startUserSession({ access_token: token(3600), user: { sub: 'u', email: 'e', roles: [] } });
    const stored = localStorage.getItem('stickerbook.session')!;
    expect(JSON.parse(stored)).toEqual({ kind: 'user', user: { sub: 'u', email: 'e', roles: [] } });
    expect(stored).not.toContain('h.');
  });

  it('after a reload, refreshes from the cookie before the first call and sends the new token', async () => {
    // What a reload leaves: the stored user, no access token in memory.
    setSession({ kind: 'user', user: { sub: 'u', email: 'e', roles: [] } });
    fetchMock
      .mockResolvedValueOnce(
        json(200, { access_token: token(3600), user: { sub: 'u', email: 'e', roles: [] } }),
      )
      .mockResolvedValueOnce(json(200, { albums: [] }));
    await api.get('/albums');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/refresh');
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
    const headers = fetchMock.mock.calls[1][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toMatch(/^Bearer h\./);
  });

  it('keeps the user signed in when the refresh gets no answer, and logs out when the server refuses it', async () => {
    const loggedOut = vi.fn();
    setUserLoggedOutHandler(loggedOut);
    const user = { sub: 'u', email: 'e', roles: [] };
    // A reload or a link followed while the refresh was under way cuts it off: the call fails as offline.
    setSession({ kind: 'user', user });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/albums')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(getSession()).toMatchObject({ kind: 'user', user });
    expect(localStorage.getItem('stickerbook.session')).not.toBeNull();
    // The early refresh of the preload script, cut off the same way.
    const holder = window as unknown as Record<string, unknown>;
    holder[STARTUP_REFRESH_GLOBAL] = Promise.reject(new TypeError('Failed to fetch'));
    await expect(api.get('/albums')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    // A server error is no refusal either.
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'UNAVAILABLE', message: 'busy' } }));
    await expect(api.get('/albums')).rejects.toMatchObject({ status: 503 });
    expect(getSession().kind).toBe('user');
    expect(loggedOut).not.toHaveBeenCalled();
    // Until the server refuses the cookie, nothing asked it to end the session.
    expect(fetchMock.mock.calls.every(([, init]) => init?.method !== 'DELETE')).toBe(true);
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'INVALID_REFRESH_TOKEN', message: 'no' } }));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }));
    await api.get('/albums').catch(() => undefined);
    expect(getSession().kind).toBe('none');
    expect(loggedOut).toHaveBeenCalledOnce();
  });

  it('keeps a guest whose refresh got no answer', async () => {
    setSession({ kind: 'guest', guestId: 'g1', accessToken: token(-60) });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/blueprints', { asGuest: true })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(getSession()).toMatchObject({ kind: 'guest', guestId: 'g1' });
    // No second guest was made in its place.
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('asks the server to end the session when the user is logged out', () => {
    setUserLoggedOutHandler(() => undefined);
    setSession({ kind: 'user', accessToken: token(3600), user: { sub: 'u', email: 'e', roles: [] } });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    logOutUser();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/auth/refresh',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(getSession().kind).toBe('none');
    expect(localStorage.getItem('stickerbook.session')).toBeNull();
  });
});
