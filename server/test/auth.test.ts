import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, bearer, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

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
    const { refresh_token } = login.json();

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(refresh_token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(refreshed.json().access_token),
    });
    expect(me.json().email).toBe('ada@example.com');
  });

  it('refuses a used refresh token and revokes its whole family', async () => {
    const { refresh_token } = await signUp(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token },
    });
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('INVALID_REFRESH_TOKEN');
    const successor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: first.json().refresh_token },
    });
    expect(successor.statusCode).toBe(401);
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
    const activated = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/activate',
      headers: bearer(access_token),
    });
    expect(activated.json().activated).toBe(true);
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
