/**
 * Issue 6 in real browsers: two people on one album, offline editing across a reload, a server killed between a
 * change and its save. The editor UI mounts the sync client (web/src/sync); the tests change the document through
 * the editor engine the page exposes as `window.__stickerbook` when `localStorage['stickerbook.debug']` is '1'
 * (drag gestures are the editor UI's tests; here what matters is what reaches the other side).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillDataDir, freePort, spawnServer, stopServer, waitForHealth } from './server-process.ts';
import {
  launchBrowser,
  logInApi,
  newPage,
  signInContext,
  skipBrowserTests,
  startStack,
  type SessionTokens,
  type Stack,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface Owner {
  token: string;
  tokens: SessionTokens;
  albumId: string;
  elementId: string;
}

async function api(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A signed-up owner with a fresh album, and one element on it to move. */
async function ownerWithAlbum(baseUrl: string): Promise<Owner> {
  const email = `rt-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const signed = await logInApi(baseUrl, { email, password: 'correct horse battery' }, '/auth/signup');
  const blueprints = await api(baseUrl, 'GET', '/blueprints');
  const album = await api(baseUrl, 'POST', '/albums', signed.access_token, {
    blueprint_id: blueprints.blueprints[0].id,
  });
  const nodes = album.workspace.nodes as Record<
    string,
    { type: string; parentId: string | null; props: { x?: number } }
  >;
  const elementId = Object.entries(nodes).find(
    ([, node]) =>
      typeof node.props.x === 'number' && node.type !== 'Group' && nodes[node.parentId!]?.type === 'Spread',
  )![0];
  return {
    token: signed.access_token,
    tokens: signed,
    albumId: album.id,
    elementId,
  };
}

/** Opens the album's editor as the owner, with the engine exposed and the cookie dialog already answered. */
async function openEditor(
  owner: Owner,
  baseUrl = stack.baseUrl,
): Promise<{ context: BrowserContext; page: Page }> {
  // These tests cut the connection or kill the server on purpose: the browser reports that, and must. A kill
  // also cuts short whatever the server was sending at that moment (a font, say), which the browser reports too.
  const { context, page } = await newPage(browser, baseUrl, {
    allowErrors: [
      /WebSocket connection to/,
      /net::ERR_(CONNECTION_RESET|CONNECTION_REFUSED|CONNECTION_CLOSED|SOCKET_NOT_CONNECTED|UNSAFE_PORT)/,
      /net::ERR_(CONTENT_LENGTH_MISMATCH|EMPTY_RESPONSE|INCOMPLETE_CHUNKED_ENCODING)/,
    ],
  });
  await prepare(context, owner, baseUrl);
  await page.goto(`/album/${owner.albumId}/onboarding`);
  await waitForSync(page, 'saved');
  return { context, page };
}

/** Signs the context in (its own refresh cookie, harness) and sets up storage before any page script runs. */
async function prepare(context: BrowserContext, owner: Owner, baseUrl = stack.baseUrl): Promise<void> {
  await signInContext(context, baseUrl, owner.tokens);
  await context.addInitScript(
    (session) => {
      localStorage.setItem('stickerbook.session', JSON.stringify(session));
      localStorage.setItem('stickerbook.debug', '1');
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
    { kind: 'user', user: owner.tokens.user },
  );
}

type Hook = {
  editor: {
    doc: { nodes: Record<string, { props: Record<string, unknown> }> };
    dispatch(patches: unknown[], options: { origin: 'local' }): boolean;
  };
  // `connected`, `synced` and `version` are the sync's own state, read here to know it is live.
  sync: { status: { get(): string }; flush(): void; connected: boolean; synced: boolean; version: number };
};

/** Waits until the page's sync has its socket and has caught up with the server (its first load done). */
async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const sync = (window as unknown as { __stickerbook?: Hook }).__stickerbook?.sync;
      return sync !== undefined && sync.connected && sync.synced && sync.version >= 0;
    },
    undefined,
    { timeout: 20_000 },
  );
}

async function waitForSync(page: Page, status: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) =>
        (window as unknown as { __stickerbook?: Hook }).__stickerbook?.sync.status.get() === expected,
      status,
      { timeout },
    );
  } catch (error) {
    const actual = await page.evaluate(
      () => (window as unknown as { __stickerbook?: Hook }).__stickerbook?.sync.status.get() ?? 'no sync',
    );
    throw new Error(`sync status stayed ${actual}, expected ${status}: ${(error as Error).message}`);
  }
}

/** Changes a prop in the page's editor; resolves with the page's clock when the change was made. */
function setProp(page: Page, id: string, key: string, value: unknown, flush = true): Promise<number> {
  return page.evaluate(
    ({ id, key, value, flush }) => {
      const { editor, sync } = (window as unknown as { __stickerbook: Hook }).__stickerbook;
      const at = Date.now();
      editor.dispatch([{ op: 'replace', path: `/nodes/${id}/props/${key}`, value }], { origin: 'local' });
      if (flush) sync.flush();
      return at;
    },
    { id, key, value, flush },
  );
}

const propOf = (page: Page, id: string, key: string) =>
  page.evaluate(
    ({ id, key }) =>
      (window as unknown as { __stickerbook: Hook }).__stickerbook.editor.doc.nodes[id]?.props[key],
    { id, key },
  );

async function storedProp(baseUrl: string, owner: Owner, key: string) {
  const album = await api(baseUrl, 'GET', `/albums/${owner.albumId}`, owner.token);
  return album.workspace.nodes[owner.elementId].props[key];
}

describe.skipIf(skipBrowserTests)('saving and real-time collaboration in browsers', () => {
  it('shows a move made in one browser in the other as it happens, over the socket and without a reload', async () => {
    const owner = await ownerWithAlbum(stack.baseUrl);
    const a = await openEditor(owner);
    const b = await openEditor(owner);
    await waitUntilLive(a.page);
    await waitUntilLive(b.page);
    // B learns of the change by the server's push: it does not read the album again meanwhile.
    const albumReads: string[] = [];
    b.page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/albums/${owner.albumId}`)
        albumReads.push(request.method());
    });
    // Both pages run on this machine's clock: the time from the change in A to its arrival in B, as the pages
    // see it (polled every 5 ms in B). The figure itself (< 500 ms, p95 < 30 ms at 20 clients) is the realtime
    // benchmark's; here the change has to arrive within the wait, pushed.
    const arrival = b.page.waitForFunction(
      ({ id }) =>
        (window as unknown as { __stickerbook: Hook }).__stickerbook.editor.doc.nodes[id].props.x === 123 &&
        Date.now(),
      { id: owner.elementId },
      { timeout: 5_000, polling: 5 },
    );
    const sentAt = await setProp(a.page, owner.elementId, 'x', 123);
    const arrivedAt = (await (await arrival).jsonValue()) as number;
    expect(arrivedAt).toBeGreaterThanOrEqual(sentAt);
    expect(albumReads).toEqual([]);
    console.info(`move arrived in the other browser ${arrivedAt - sentAt} ms after it was sent`);
    await a.context.close();
    await b.context.close();
  });

  it('shows who else is in the album in the top bar, and removes them when they leave', async () => {
    const owner = await ownerWithAlbum(stack.baseUrl);
    const a = await openEditor(owner);
    const b = await openEditor(owner);
    const avatars = a.page.getByTestId('presence-avatars');
    await avatars.waitFor({ state: 'visible', timeout: 10_000 });
    await b.context.close();
    await avatars.waitFor({ state: 'detached', timeout: 10_000 });
    await a.context.close();
  });

  it('keeps both edits to different fields of one element, and one value for the same field', async () => {
    const owner = await ownerWithAlbum(stack.baseUrl);
    const a = await openEditor(owner);
    const b = await openEditor(owner);
    await Promise.all([setProp(a.page, owner.elementId, 'x', 11), setProp(b.page, owner.elementId, 'y', 22)]);
    await Promise.all([
      setProp(a.page, owner.elementId, 'width', 31),
      setProp(b.page, owner.elementId, 'width', 32),
    ]);
    await Promise.all([waitForSync(a.page, 'saved'), waitForSync(b.page, 'saved')]);
    await expect
      .poll(() => propOf(a.page, owner.elementId, 'width'))
      .toBe(await storedProp(stack.baseUrl, owner, 'width'));
    await expect
      .poll(() => propOf(b.page, owner.elementId, 'width'))
      .toBe(await storedProp(stack.baseUrl, owner, 'width'));
    for (const page of [a.page, b.page]) {
      await expect.poll(() => propOf(page, owner.elementId, 'x')).toBe(11);
      await expect.poll(() => propOf(page, owner.elementId, 'y')).toBe(22);
    }
    expect(await storedProp(stack.baseUrl, owner, 'x')).toBe(11);
    expect(await storedProp(stack.baseUrl, owner, 'y')).toBe(22);
    await a.context.close();
    await b.context.close();
  });

  it('keeps 10 changes made with the socket blocked across a reload and saves all of them after reconnecting', async () => {
    const owner = await ownerWithAlbum(stack.baseUrl);
    const { context, page } = await newPage(browser, stack.baseUrl, {
      allowErrors: [/WebSocket connection to/, /net::ERR_UNSAFE_PORT/],
    });
    // Blocked: every WebSocket the page opens goes to a closed port, as when a proxy drops WebSockets. The flag
    // lives in localStorage so the block survives the reload.
    await context.addInitScript(() => {
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(localStorage.getItem('e2e.blockSockets') === '1' ? 'ws://127.0.0.1:9/' : url, protocols);
        }
      };
      if (sessionStorage.getItem('e2e.started') !== '1') {
        sessionStorage.setItem('e2e.started', '1');
        localStorage.setItem('e2e.blockSockets', '1');
      }
    });
    await prepare(context, owner);
    // The element is whichever comes first in the album; its own position may be any round number, so the
    // changes use values no layout has, and the server's copy is compared with what it was.
    const storedBefore = await storedProp(stack.baseUrl, owner, 'x');
    await page.goto(`/album/${owner.albumId}/onboarding`);
    await waitForSync(page, 'offline');
    for (let i = 1; i <= 10; i++)
      await setProp(page, owner.elementId, i % 2 ? 'x' : 'y', i * 10 + 0.25, false);
    await page.waitForTimeout(300);
    await page.reload();
    await page.waitForFunction(() => Boolean((window as unknown as { __stickerbook?: Hook }).__stickerbook));
    await expect.poll(() => propOf(page, owner.elementId, 'x')).toBe(90.25);
    await expect.poll(() => propOf(page, owner.elementId, 'y')).toBe(100.25);
    expect(await storedProp(stack.baseUrl, owner, 'x')).toBe(storedBefore);
    await page.evaluate(() => localStorage.removeItem('e2e.blockSockets'));
    await waitForSync(page, 'saved');
    expect(await storedProp(stack.baseUrl, owner, 'x')).toBe(90.25);
    expect(await storedProp(stack.baseUrl, owner, 'y')).toBe(100.25);
    await context.close();
  });

  it('re-sends a change after the server was killed before saving it, and loses nothing', async () => {
    const server = await ownServer();
    try {
      const owner = await ownerWithAlbum(server.baseUrl);
      const { context, page } = await openEditor(owner, server.baseUrl);
      await setProp(page, owner.elementId, 'x', 321, false); // waits for the 1.8 s autosave
      await page.evaluate(() => document.fonts.ready); // the kill is meant to hit the unsaved change, not a font
      server.kill();
      await waitForSync(page, 'offline');
      await server.restart();
      await waitForSync(page, 'saved');
      expect(await storedProp(server.baseUrl, owner, 'x')).toBe(321);
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it('comes back after a restart (SIGTERM) and saves the change made while the server was away', async () => {
    const server = await ownServer();
    try {
      const owner = await ownerWithAlbum(server.baseUrl);
      const { context, page } = await openEditor(owner, server.baseUrl);
      await waitUntilLive(page);
      // The server tells the editor it restarts (SERVER_SHUTDOWN), closes the socket and exits.
      await server.terminate();
      await waitForSync(page, 'offline');
      await setProp(page, owner.elementId, 'x', 123.5);
      await server.restart();
      // Nobody reloads: the editor reconnects on its own and sends what it kept.
      await waitForSync(page, 'saved', 60_000);
      expect(await storedProp(server.baseUrl, owner, 'x')).toBe(123.5);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});

/** A server on a fixed port and data dir that can be killed (SIGKILL or SIGTERM) and started again on both. */
async function ownServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-e2e-kill-'));
  fillDataDir(dataDir, inject('dataTemplate'), {});
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const server = spawnServer(port, dataDir);
    child = server.child;
    await waitForHealth(baseUrl, server, 150_000);
  };
  await start();
  return {
    baseUrl,
    kill: () => child?.kill('SIGKILL'),
    /** SIGTERM, as a deploy stops it; resolves when the process has exited. */
    async terminate() {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child?.kill('SIGTERM');
      await exited;
    },
    restart: start,
    async stop() {
      if (child) await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
