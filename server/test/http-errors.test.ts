import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { bearer, signUp, startTestApp, type Session, type TestApp } from './helpers/test-app.ts';

describe('error envelope', () => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await startTestApp();
    session = await signUp(t.app);
  });
  afterAll(() => t.close());

  const signup = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': contentType },
      payload,
    });

  it('returns field details for each invalid field', async () => {
    const response = await signup(JSON.stringify({ email: 'not-an-email', password: 'short' }));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.location).toBe('body');
    expect(error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'password']);
  });

  it('rejects unknown fields by name', async () => {
    const response = await signup(
      JSON.stringify({ email: 'a@example.com', password: 'long-enough', isAdmin: true }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { field: 'isAdmin', code: 'unrecognized_key', message: "Unknown field 'isAdmin'" },
    ]);
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await signup('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await signup(
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await signup('email=a@example.com', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('never leaks a stack trace from an unexpected error', async () => {
    t.app.ctx.database.db.select = () => {
      throw new Error('database exploded at /secret/path.ts:12');
    };
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/albums',
      headers: bearer(session.access_token),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' },
    });
    expect(response.body).not.toContain('secret');
  });
});

describe('HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the database in the health check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the SPA with history fallback and security headers', async () => {
    const deepLink = await t.app.inject({ method: 'GET', url: '/album/abc/stickers' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('fixture spa');
    expect(deepLink.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(deepLink.headers['x-content-type-options']).toBe('nosniff');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the app at the root address', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('fixture spa');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.json().paths).toHaveProperty('/api/v1/albums/{id}');
  });
});

describe('without a built web app', () => {
  it('serves a page saying to run the build', async () => {
    const t = await startTestApp('pglite', { webDist: '/nonexistent-web-dist' });
    const response = await t.app.inject({ method: 'GET', url: '/start' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
    await t.close();
  });
});

describe('with stock photos from Pexels', () => {
  it('lets the browser load images from the Pexels CDN, and only then', async () => {
    const withPexels = await startTestApp('pglite', { pexelsApiKey: 'test-key' });
    const withoutPexels = await startTestApp('pglite');
    const csp = async (app: typeof withPexels) =>
      String((await app.app.inject({ method: 'GET', url: '/start' })).headers['content-security-policy']);
    expect(await csp(withPexels)).toMatch(/img-src [^;]*https:\/\/images\.pexels\.com/);
    expect(await csp(withoutPexels)).not.toContain('pexels');
    await withPexels.close();
    await withoutPexels.close();
  });
});
