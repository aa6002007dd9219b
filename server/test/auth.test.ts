import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  bearer,
  cookieOf,
  refreshCookie,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: refreshCookie(token) });

  it('signs up, logs in and refreshes with a rotating refresh token', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'Ada@Example.com', password: 'analytical-engine', nickname: 'Ada' },
    });
    expect(signup.statusCode).toBe(201);
    const session = signup.json();
    expect(session.user).toMatchObject({
      email: 'ada@example.com',
      nickname: 'Ada',
      roles: [],
      activated: false,
      organizations: [],
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ada@example.com', password: 'analytical-engine' },
    });
    expect(login.statusCode).toBe(200);
    const refresh_token = cookieOf(login, 'sb_refresh')!;
    expect(refresh_token).toMatch(/^[\w-]{43}$/);

    const refreshed = await refresh(refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect(cookieOf(refreshed, 'sb_refresh')).not.toBe(refresh_token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(refreshed.json().access_token),
    });
    expect(me.json().email).toBe('ada@example.com');
  });

  it('never puts the refresh token in a response body', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'body@example.com', password: 'analytical-engine' },
    });
    const token = cookieOf(signup, 'sb_refresh')!;
    const refreshed = await refresh(token);
    for (const response of [signup, refreshed]) {
      expect(Object.keys(response.json()).sort()).toEqual(['access_token', 'user']);
      expect(response.body).not.toContain(cookieOf(response, 'sb_refresh'));
    }
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, for the refresh path only, and not Secure over http', async () => {
    const { refresh_token } = await signUp(t.app);
    const response = await refresh(refresh_token);
    const cookie = response.cookies.find((c) => c.name === 'sb_refresh')!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/auth/refresh',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie.secure).toBeFalsy();
  });

  it('refuses a used refresh token and revokes its whole family', async () => {
    const { refresh_token } = await signUp(t.app);
    const first = await refresh(refresh_token);
    expect(first.statusCode).toBe(200);
    const reuse = await refresh(refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('INVALID_REFRESH_TOKEN');
    // The refused cookie is cleared, and the successor the thief or the user got stops working too.
    expect(reuse.cookies.find((c) => c.name === 'sb_refresh')).toMatchObject({ value: '' });
    const successor = await refresh(cookieOf(first, 'sb_refresh')!);
    expect(successor.statusCode).toBe(401);
  });

  it('refuses a refresh without the cookie; a refresh token in the body is not read', async () => {
    const { refresh_token } = await signUp(t.app);
    const bare = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    expect(bare.statusCode).toBe(401);
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token },
    });
    expect(inBody.statusCode).not.toBe(200);
    expect((await refresh(refresh_token)).statusCode).toBe(200);
  });

  it('logs out on the server: the cookie is cleared and its token family stops working', async () => {
    const { refresh_token } = await signUp(t.app);
    const rotated = cookieOf(await refresh(refresh_token), 'sb_refresh')!;
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/refresh',
      headers: refreshCookie(rotated),
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'sb_refresh')).toMatchObject({
      value: '',
      path: '/api/v1/auth/refresh',
    });
    expect((await refresh(rotated)).statusCode).toBe(401);
    // Logging out twice, or without a session, is still a clean logout.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/refresh' })).statusCode).toBe(204);
  });

  it('answers a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const { user } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: expect.any(String) } });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a second account for the same e-mail with 409 EMAIL_TAKEN', async () => {
    const { user } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: user.email.toUpperCase(), password: 'another-password' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('updates the profile and activates the account', async () => {
    const { access_token } = await signUp(t.app);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: bearer(access_token),
      payload: {
        nickname: 'Grace',
        locale: 'fr',
        cookieConsent: { revision: 1, necessary: true, analytics: false },
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      nickname: 'Grace',
      locale: 'fr',
      cookieConsent: { revision: 1, analytics: false },
    });
    // Activation needs the token of the activation mail's link (server/test/invitations.test.ts reads it there).
    const unproven = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/activate',
      headers: bearer(access_token),
      payload: { token: access_token },
    });
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json().error.code).toBe('ACTIVATION_LINK_INVALID');
  });

  it('keeps the UI language with the account: the next sign-in answers it, another language is refused', async () => {
    const { access_token, user } = await signUp(t.app);
    const patch = (locale: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: bearer(access_token),
        payload: { locale },
      });
    expect((await patch('pl')).json().locale).toBe('pl');
    for (const wrong of ['xx', 'de-AT', 'PL', '']) expect((await patch(wrong)).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(login.json().user.locale).toBe('pl');
  });

  it('treats an empty profile patch as a read', async () => {
    const { access_token, user } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: bearer(access_token),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().sub).toBe(user.sub);
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('UNAUTHORIZED');
  });

  it('lets the seeded admin log in with the printed password and carries the admin role', async () => {
    expect(t.seeded.generatedAdminPassword).toBeTruthy();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'admin@stickerbook.local', password: t.seeded.generatedAdminPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.roles).toEqual(['admin']);
  });

  it('reports whether OIDC login is available', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(response.json()).toEqual({ oidc: false });
  });
});

describe('the refresh cookie of a site served over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { publicUrl: 'https://stickerbook.example' });
  });
  afterAll(() => t.close());

  it('is Secure', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'tls@example.com', password: 'analytical-engine' },
    });
    expect(signup.cookies.find((c) => c.name === 'sb_refresh')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/public/guest_tokens' });
    expect(guest.cookies.find((c) => c.name === 'sb_guest_refresh')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/public/guest_tokens/refresh',
    });
  });
});
