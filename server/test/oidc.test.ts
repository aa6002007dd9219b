import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, refreshCookie, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/oidc/callback`;

/** A real OpenID provider on loopback; its dev login form accepts any login name as the account id. */
async function startProvider(): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'stickerbook',
        client_secret: 'client-secret',
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', 'profile', 'manage:current_user_albums'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['nickname', 'picture', 'roles'],
    },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: `idp-${id}`,
        email: `${id}@idp.example`,
        email_verified: true,
        nickname: id,
        roles: id === 'boss' ? ['admin', 'staff'] : ['staff'],
      }),
    }),
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

/** Drives login and consent through the provider with plain fetch, then lets our callback issue tokens. */
async function loginThroughProvider(app: FastifyInstance, login: string): Promise<URLSearchParams> {
  const start = await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start?return_to=/album/new' });
  expect(start.statusCode).toBe(302);
  const cookies = new Map<string, string>();
  let url = start.headers.location as string;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(CALLBACK)) {
      const callback = await app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
      expect(callback.statusCode).toBe(302);
      const location = callback.headers.location as string;
      expect(location.startsWith('/login/callback#')).toBe(true);
      const fragment = new URLSearchParams(location.split('#')[1]);
      const cookie = callback.cookies.find((c) => c.name === 'sb_refresh');
      if (cookie) fragment.set('refresh_cookie', cookie.value);
      return fragment;
    }
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt });
  }
  throw new Error('too many redirects');
}

describe('OpenID Connect login', () => {
  let provider: Server;
  let t: TestApp;
  beforeAll(async () => {
    const started = await startProvider();
    provider = started.server;
    t = await startTestApp('pglite', {
      publicUrl: PUBLIC_URL,
      oidc: {
        issuer: started.issuer,
        clientId: 'stickerbook',
        clientSecret: 'client-secret',
        roleClaim: 'roles',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    provider.close();
  });

  it('says OIDC is available', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' })).json()).toEqual({
      oidc: true,
    });
  });

  it('logs in through the provider and maps the admin role claim', async () => {
    const fragment = await loginThroughProvider(t.app, 'boss');
    expect(fragment.get('return_to')).toBe('/album/new');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(fragment.get('access_token')!),
    });
    expect(me.json()).toMatchObject({
      email: 'boss@idp.example',
      nickname: 'boss',
      roles: ['admin'],
      activated: true,
    });
    // The refresh token came in the callback's cookie, not in the fragment the page's scripts can read.
    expect(fragment.get('refresh_token')).toBeNull();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: refreshCookie(fragment.get('refresh_cookie')!),
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('links an existing account with the same e-mail and gives no admin role without the claim', async () => {
    const existing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'kim@idp.example', password: 'built-in-password' },
    });
    const fragment = await loginThroughProvider(t.app, 'kim');
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: bearer(fragment.get('access_token')!),
      })
    ).json();
    expect(me.sub).toBe(existing.json().user.sub);
    expect(me.roles).toEqual([]);
  });

  it('refuses a callback whose state it never issued', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/oidc/callback?code=abc&state=forged',
    });
    expect(response.headers.location).toBe('/login/callback#error=OIDC_EXPIRED');
  });

  it('refuses a return_to that leaves the site', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/oidc/start?return_to=//evil.example/',
    });
    expect(response.statusCode).toBe(400);
  });

  it('still allows built-in accounts next to OIDC', async () => {
    await expect(signUp(t.app)).resolves.toHaveProperty('access_token');
  });
});
