/**
 * Bytes over the wire (issue 15): what a browser transfers for the start page and for opening the demo album in
 * the editor, with a cold cache, in headless Chromium against the built app served as `npm start` serves it.
 * "Compressed" is what Chromium gets asking as it always does (brotli, gzip); "uncompressed" asks for
 * `Accept-Encoding: identity`, which is what every response was before compression (the same files and JSON,
 * sent as they are). Bytes are CDP `encodedDataLength` summed over every response: headers and bodies as
 * they crossed the socket.
 *
 * Beside the bytes, the server's time for the editor's code files as a cold open asks for them: the burst figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServer } from './server-process.ts';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
const DEMO = { email: 'demo@stickerbook.local', password: 'stickerbook-demo' };

interface Session {
  access_token: string;
  user: Record<string, unknown>;
}

async function api<T>(
  baseUrl: string,
  path: string,
  init: { body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Waits until the demo album has its sample stickers (filled by the server shortly after it starts). */
async function demoAlbumId(baseUrl: string, token: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const { albums } = await api<{ albums: Array<{ id: string }> }>(baseUrl, '/albums', { token });
    if (albums[0]) {
      const album = await api<{ workspace: { stickers: Record<string, unknown> } }>(
        baseUrl,
        `/albums/${albums[0].id}`,
        { token },
      );
      if (Object.keys(album.workspace.stickers).length > 0) return albums[0].id;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the demo album was not filled');
}

/** Bytes transferred to load `path` in a fresh browser context signed in as `session`, until the network rests. */
async function bytesFor(
  browser: Browser,
  baseUrl: string,
  session: Session,
  path: string,
  compressed: boolean,
): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  // The refresh cookie goes into this context's jar; the web keeps only the user in storage.
  await context.request.post(`${baseUrl}/api/v1/auth/login`, { data: DEMO });
  const page = await context.newPage();
  await page.goto('/robots.txt');
  await page.evaluate(
    (value) => {
      localStorage.setItem('stickerbook.session', JSON.stringify(value));
      localStorage.setItem('stickerbook.editorHints.seen', '["doubleClickText","dragToMove","zoom"]');
      localStorage.setItem(
        'stickerbook.cookieConsent',
        JSON.stringify({
          revision: 1,
          necessary: true,
          analytics: false,
          decidedAt: new Date().toISOString(),
        }),
      );
    },
    { kind: 'user', user: { ...session.user, roles: [] } },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!compressed)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await context.close();
  return bytes;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/**
 * The server's time for a burst of the editor's code: every script and stylesheet that index.html's preload script
 * names for the editor's route, asked for at once over 6 keep-alive connections (Chromium's HTTP/1.1 limit per
 * host), brotli as Chromium asks. The median of 15 bursts after 3 to warm up.
 */
async function editorAssetBurst(baseUrl: string): Promise<{ files: number; ms: number; all: number[] }> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const preloadScript = /src="(\/assets\/route-preload-[^"]+\.js)"/.exec(html)?.[1];
  if (!preloadScript) throw new Error('index.html names no route preload script');
  const routeTable = /var routes=(\[.*?\]);var path/s.exec(
    await (await fetch(baseUrl + preloadScript)).text(),
  );
  if (!routeTable) throw new Error('the route preload script has no route table');
  const routes = JSON.parse(routeTable[1]) as Array<{ pattern: string; scripts: string[]; styles: string[] }>;
  const editor = routes.find((route) => new RegExp(route.pattern).test('/album/some-album/onboarding'));
  if (!editor) throw new Error("the route preload script has no entry for the editor's route");
  const files = [...editor.scripts, ...editor.styles].map((file) => `/${file}`);
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: hostname, port, path, agent, headers: { 'accept-encoding': 'br' } }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
          response.resume();
          response.on('end', resolve);
        })
        .on('error', reject);
    });
  const burst = async () => {
    const start = performance.now();
    await Promise.all(files.map(get));
    return performance.now() - start;
  };
  try {
    for (let round = 0; round < 3; round++) await burst();
    const all: number[] = [];
    for (let round = 0; round < 15; round++) all.push(await burst());
    return { files: files.length, ms: [...all].sort((a, b) => a - b)[7], all };
  } finally {
    agent.destroy();
  }
}

export async function run(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-transfer-'));
  // Development mode: the demo account and its sample album, as a fresh `npm start` has them.
  const server = await startServer(dataDir, { APP_ENV: 'development' }, '/api/v1/health');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const session = await api<Session>(server.baseUrl, '/auth/login', { body: DEMO });
    const albumId = await demoAlbumId(server.baseUrl, session.access_token);
    const figures: Record<string, string> = {};
    for (const [name, path] of [
      ['start page', '/start'],
      ['demo album in the editor', `/album/${albumId}`],
    ]) {
      const plain = await bytesFor(browser, server.baseUrl, session, path, false);
      const compressed = await bytesFor(browser, server.baseUrl, session, path, true);
      figures[`${name}, uncompressed (before)`] = kb(plain);
      figures[`${name}, compressed (now)`] =
        `${kb(compressed)} (${Math.round((compressed / plain) * 100)} %)`;
    }
    const burst = await editorAssetBurst(server.baseUrl);
    figures[`the editor's ${burst.files} code files and stylesheets over 6 connections, median of 15 (ms)`] =
      `${Math.round(burst.ms)} (${burst.all.map(Math.round).join(', ')})`;
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
