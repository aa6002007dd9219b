/**
 * Once before the browser tests: bundles the server (what `npm start` runs) and lets one server make the first
 * start's seed data: migrations, templates, accounts, the stock library and the demo album with its photos'
 * variants. Then it is stopped, and every stack starts on a copy of its data directory (server-process.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, spawnServer, stopServer, waitForHealth, type ServerProcess } from './server-process.ts';

const DEMO = { email: 'demo@stickerbook.local', password: 'stickerbook-demo' };
const READY_WITHIN_MS = 240_000;

async function json<T>(baseUrl: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function until(what: string, server: ServerProcess, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await done())) {
    if (Date.now() > deadline)
      throw new Error(`the seed data server never reported: ${what}\n${server.output.join('').slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits until the first start's background work is stored: sample data, then the demo photos' variants. */
async function waitForSeedData(baseUrl: string, server: ServerProcess): Promise<void> {
  await until('Sample data ready', server, async () => server.output.join('').includes('Sample data ready'));
  const { access_token: token } = await json<{ access_token: string }>(baseUrl, '/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const headers = { authorization: `Bearer ${token}` };
  const { albums } = await json<{ albums: Array<{ id: string }> }>(baseUrl, '/albums', { headers });
  await until('demo photos finished', server, async () => {
    for (const album of albums) {
      const { images } = await json<{ images: Array<{ state: string }> }>(
        baseUrl,
        `/albums/${album.id}/images`,
        {
          headers,
        },
      );
      if (images.some((image) => image.state === 'queued' || image.state === 'working')) return false;
    }
    return true;
  });
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.SKIP_BROWSER_TESTS === '1') return undefined;
  const { buildServer } = (await import(new URL('../scripts/build-server.mjs', import.meta.url).href)) as {
    buildServer(): Promise<void>;
  };
  await buildServer();

  const template = mkdtempSync(join(tmpdir(), 'stickerbook-e2e-template-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The stock library is a development default that needs no request: this server is never asked anything else.
  const server = spawnServer(port, template);
  try {
    await waitForHealth(baseUrl, server, READY_WITHIN_MS);
    await waitForSeedData(baseUrl, server);
  } finally {
    await stopServer(server.child);
  }
  project.provide('dataTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
