import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/http/compression.ts';
import { bearer, createAlbum, signUp, startTestApp, type Session, type TestApp } from './helpers/test-app.ts';

/** A built SPA as `vite build` leaves it: each text file with its .br and .gz beside it. */
function writeWebDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('sticker '.repeat(2000))});`;
  const html = `<!doctype html><html><head><title>Stickerbook</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;
  for (const [path, content] of [
    ['index.html', html],
    ['assets/app-1.js', script],
  ]) {
    writeFileSync(join(dir, path), content);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  }
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return { dir, script };
}

describe('compressed responses', () => {
  let t: TestApp;
  let session: Session;
  let dist: ReturnType<typeof writeWebDist>;
  beforeAll(async () => {
    dist = writeWebDist();
    t = await startTestApp('pglite', { webDist: dist.dir });
    session = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist.dir, { recursive: true, force: true });
  });

  it('serves the brotli file made at build time to a browser that accepts brotli', async () => {
    const response = await t.app.inject({
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(dist.script);
    expect(response.rawPayload.length).toBeLessThan(dist.script.length / 10);
  });

  it('serves the gzip file to a client without brotli, and the plain file to one without either', async () => {
    const gzip = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(dist.script);
    const plain = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.script);
  });

  it('sends the app page of a deep link compressed too', async () => {
    const response = await t.app.inject({ url: '/album/x/stickers', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<title>Stickerbook</title>');
  });

  it('serves a built file at its own spelling only: any other spelling of its path gets the app page', async () => {
    for (const url of ['/ASSETS/app-1.js', '/assets/APP-1.js', '/assets//app-1.js', '/assets/app-1.js%00']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).not.toContain('sticker sticker');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-1.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/javascript/);
  });

  it('answers /robots.txt with the robots file, not the app page', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('User-agent: *');
  });

  it('compresses a JSON answer above 1 KB and leaves a small one as it is', async () => {
    const large = await t.app.inject({
      url: '/api/v1/blueprints',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const plain = await t.app.inject({ url: '/api/v1/blueprints' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });

  it('sends an album compressed with the same content as uncompressed, also after a change', async () => {
    const album = await createAlbum(t.app, session.access_token);
    const open = (encoding?: string) =>
      t.app.inject({
        url: `/api/v1/albums/${album.id}`,
        headers: { ...bearer(session.access_token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await open();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await open('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(session.access_token),
      payload: { title: 'Renamed while cached' },
    });
    expect(renamed.statusCode).toBe(200);
    const gzip = await open('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).title).toBe('Renamed while cached');
  });

  it('answers a stranger 404 whatever encoding is asked for', async () => {
    const album = await createAlbum(t.app, session.access_token);
    const stranger = await signUp(t.app);
    const response = await t.app.inject({
      url: `/api/v1/albums/${album.id}`,
      headers: { ...bearer(stranger.access_token), 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, falls back to gzip and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('*')).toBe('gzip');
  });
});
