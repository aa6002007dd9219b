import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  bearer,
  createAlbum,
  cookieOf,
  createGuest,
  refreshCookie,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('guests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const refreshGuest = (token: string, payload?: { access_token: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/public/guest_tokens/refresh',
      headers: refreshCookie(token, 'guest'),
      payload,
    });

  it('creates a guest token and refreshes it', async () => {
    const guest = await createGuest(t.app);
    expect(guest.guest_id).toMatch(/^[0-9a-f-]{36}$/);
    const refreshed = await refreshGuest(guest.refresh_token, { access_token: guest.access_token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ access_token: expect.any(String), guest_id: guest.guest_id });
    const next = cookieOf(refreshed, 'sb_guest_refresh')!;
    expect(next).not.toBe(guest.refresh_token);
    const reused = await refreshGuest(guest.refresh_token, { access_token: guest.access_token });
    expect(reused.statusCode).toBe(401);
    // Reuse revoked the family: the successor is dead too.
    expect((await refreshGuest(next)).statusCode).toBe(401);
  });

  it('refreshes from the cookie alone after a reload, when the page kept no access token', async () => {
    const guest = await createGuest(t.app);
    const refreshed = await refreshGuest(guest.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().guest_id).toBe(guest.guest_id);
    expect(refreshed.cookies.find((c) => c.name === 'sb_guest_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/public/guest_tokens/refresh',
    });
    const album = await createAlbum(t.app, refreshed.json().access_token);
    expect(album.owner_identifier).toBe(`guest:${guest.guest_id}`);
  });

  it('accepts a guest token request with a JSON content type and no body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/guest_tokens',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses to refresh with another guest’s access token', async () => {
    const a = await createGuest(t.app);
    const b = await createGuest(t.app);
    const response = await refreshGuest(a.refresh_token, { access_token: b.access_token });
    expect(response.statusCode).toBe(401);
  });

  it('moves the guest’s albums to the account on migration', async () => {
    const guest = await createGuest(t.app);
    const album = await createAlbum(t.app, guest.access_token, {
      blueprint_id: 'test-fixture',
      organization: {
        name: 'Club',
        size: '1-150',
        contactName: 'Kim',
        phone: '0301234',
        contactRole: 'member',
      },
    });
    expect(album.owner_identifier).toBe(`guest:${guest.guest_id}`);
    const user = await signUp(t.app);
    const migration = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest_user_migrations',
      headers: bearer(user.access_token),
      payload: { guest_user_identifier: guest.guest_id, guest_access_token: guest.access_token },
    });
    expect(migration.statusCode).toBe(200);
    expect(migration.json()).toEqual({ migrated_album_ids: [album.id] });
    // The guest identity is used up: its cookie is cleared and its refresh token refused.
    expect(migration.cookies.find((c) => c.name === 'sb_guest_refresh')).toMatchObject({ value: '' });
    expect((await refreshGuest(guest.refresh_token)).statusCode).toBe(401);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/albums', headers: bearer(user.access_token) })
    ).json();
    expect(list.albums).toEqual([
      expect.objectContaining({ id: album.id, owner_identifier: user.user.sub, is_owner: true }),
    ]);
    const asGuest = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(guest.access_token),
    });
    expect(asGuest.statusCode).toBe(404);
    const orgs = (
      await t.app.inject({ method: 'GET', url: '/api/v1/organizations', headers: bearer(user.access_token) })
    ).json();
    expect(orgs.organizations).toHaveLength(1);
  });

  it('refuses a migration whose guest token belongs to someone else', async () => {
    const guest = await createGuest(t.app);
    const other = await createGuest(t.app);
    await createAlbum(t.app, guest.access_token);
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest_user_migrations',
      headers: bearer(user.access_token),
      payload: { guest_user_identifier: guest.guest_id, guest_access_token: other.access_token },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('GUEST_TOKEN_MISMATCH');
  });

  it('does not let a guest call user-only routes', async () => {
    const guest = await createGuest(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(guest.access_token),
    });
    expect(response.statusCode).toBe(401);
  });
});
