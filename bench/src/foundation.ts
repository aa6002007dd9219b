/**
 * Issue 2 figures, made to measure what they say (issue 17): start-up to the first response on an existing data
 * dir with the README's `npm start` (and the bundle started directly, for comparison); GET /albums/:id for albums
 * of 60 spreads and 600 stickers (latency and throughput on loopback) for one album and user, for a mix of 8 albums
 * of 4 users, and for that mix while edits invalidate the cached answers; and what the start page really loads,
 * JS + CSS gzipped (entry, its lazy screen chunk and the language catalogue, from Vite's build manifest).
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLargeAlbum } from '@stickerbook/model/testing';
import { openDatabase } from '../../server/src/db/database.ts';
import { albums } from '../../server/src/db/schema.ts';
import { buildWithManifest, indexHtmlSize, screenLoadSize } from './bundle-size.ts';
import { startServer } from './server-process.ts';

const repoRoot = new URL('../..', import.meta.url).pathname;

async function json(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** User + system CPU time of a process so far (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const USERS = 4;
const ALBUMS_PER_USER = 2;

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-'));
  try {
    // First start: migrations, seeds; then 4 users with 2 albums each, every album grown to 60 spreads / 600 stickers.
    const first = await startServer(dataDir, { APP_ENV: 'production' }, '/api/v1/health');
    const api = `${first.baseUrl}/api/v1`;
    const { blueprints } = (await json(`${api}/blueprints`)) as { blueprints: Array<{ id: string }> };
    const owned: Array<{ token: string; albumId: string }> = [];
    for (let u = 0; u < USERS; u++) {
      const session = await json(`${api}/auth/signup`, {
        method: 'POST',
        body: JSON.stringify({ email: `bench${u}@bench.test`, password: 'bench-password-1' }),
      });
      for (let a = 0; a < ALBUMS_PER_USER; a++) {
        const album = await json(`${api}/albums`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.access_token as string}` },
          body: JSON.stringify({ blueprint_id: blueprints[0].id, title: `Benchmark album ${u}-${a}` }),
        });
        owned.push({ token: session.access_token as string, albumId: album.id as string });
      }
    }
    await first.stop();

    const database = await openDatabase({ dataDir });
    const large = makeLargeAlbum({ spreads: 60, stickers: 600, otherElements: 400 });
    for (const { albumId } of owned)
      await database.db.update(albums).set({ workspace: large }).where(eq(albums.id, albumId));
    await database.close();
    // An element every edit moves (its x), for the run with invalidating edits.
    const edited = Object.values(large.nodes).find(
      (node) => typeof (node.props as { x?: unknown }).x === 'number',
    )!;

    // Restarts on the existing data dir: time to the first answered request (the app's HTML), alternating the
    // README's `npm start` (which first checks both builds are current) with the bundle started directly.
    const npmStartMs: number[] = [];
    const directMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const viaNpm = await startServer(dataDir, { APP_ENV: 'production' }, '/', true);
      npmStartMs.push(viaNpm.firstResponseMs);
      await viaNpm.stop();
      const direct = await startServer(dataDir, { APP_ENV: 'production' }, '/');
      directMs.push(direct.firstResponseMs);
      await direct.stop();
    }

    const server = await startServer(dataDir, { APP_ENV: 'production' }, '/');
    try {
      const one = owned[0];
      const url = `${server.baseUrl}/api/v1/albums/${one.albumId}`;
      const headers = { authorization: `Bearer ${one.token}` };
      const sample = await fetch(url, { headers });
      const bodyBytes = (await sample.arrayBuffer()).byteLength;
      // One album, one user: sequential requests for latency, then 10 connections (every answer a cache hit).
      const sequential = await autocannon({ url, headers, connections: 1, duration: 5 });
      const cpuBefore = cpuMs(server.child.pid!);
      const parallel = await autocannon({ url, headers, connections: 10, duration: 10 });
      // The server's own CPU time per request: what the figure would be with a core to itself, on a busy machine.
      const cpuPerRequest = (cpuMs(server.child.pid!) - cpuBefore) / parallel.requests.total;

      // 8 albums of 4 users, each request a random one of them (its owner asking).
      let pick = 0;
      const mixed = () =>
        autocannon({
          url: server.baseUrl,
          connections: 10,
          duration: 10,
          requests: [
            {
              setupRequest: (request) => {
                const { token, albumId } = owned[pick++ % owned.length];
                return {
                  ...request,
                  method: 'GET',
                  path: `/api/v1/albums/${albumId}`,
                  headers: { authorization: `Bearer ${token}` },
                };
              },
            },
          ],
        });
      const mix = await mixed();
      // The same mix while the owners edit: every 100 ms one album changes, so its cached answer is dropped.
      const versions = new Map<string, number>();
      let edits = 0;
      let editing = true;
      const editor = (async () => {
        for (let n = 0; editing; n++) {
          const { token, albumId } = owned[n % owned.length];
          const auth = { authorization: `Bearer ${token}` };
          const version =
            versions.get(albumId) ??
            ((await json(`${server.baseUrl}/api/v1/albums/${albumId}`, { headers: auth })).version as number);
          const saved = await json(`${server.baseUrl}/api/v1/albums/${albumId}/mutations`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              patches: [{ op: 'replace', path: `/nodes/${edited.id}/props/x`, value: 10 + (n % 50) }],
              version,
              clientId: 'bench-editor',
              mutationId: `bench-${n}`,
            }),
          });
          versions.set(albumId, saved.version as number);
          edits++;
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const mixEdited = await mixed();
      editing = false;
      await editor;

      const bundle = indexHtmlSize(join(repoRoot, 'web/dist'));
      const build = buildWithManifest();
      try {
        const startPage = screenLoadSize(build.dir, build.manifest, 'src/features/start/StartPage.tsx');
        const startPageDe = screenLoadSize(
          build.dir,
          build.manifest,
          'src/features/start/StartPage.tsx',
          'de',
        );
        const login = screenLoadSize(build.dir, build.manifest, 'src/features/auth/LoginPage.tsx');
        const range = (values: number[]) =>
          `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
        return {
          'start-up to first response with `npm start` (README), existing data dir (median of 3), ms':
            Math.round(median(npmStartMs)),
          'start-up with `npm start`, range, ms': range(npmStartMs),
          'start-up to first response, `node dist/main.js` directly (median of 3), ms': Math.round(
            median(directMs),
          ),
          'GET /albums/:id (60 spreads, 600 stickers) body, kB': Math.round(bodyBytes / 1024),
          'GET /albums/:id p50 latency, 1 connection, one album, ms': sequential.latency.p50,
          'GET /albums/:id p99 latency, 1 connection, one album, ms': sequential.latency.p99,
          'GET /albums/:id throughput, 10 connections, one album and user (all cache hits), req/s':
            Math.round(parallel.requests.average),
          'GET /albums/:id server CPU per request, one album, ms': Math.round(cpuPerRequest * 1000) / 1000,
          'GET /albums/:id throughput, 10 connections, 8 albums of 4 users, req/s': Math.round(
            mix.requests.average,
          ),
          'GET /albums/:id p99 latency, 8 albums of 4 users, ms': mix.latency.p99,
          'GET /albums/:id throughput, 8 albums of 4 users, an edit every 100 ms, req/s': Math.round(
            mixEdited.requests.average,
          ),
          'GET /albums/:id p99 latency, with edits, ms': mixEdited.latency.p99,
          'edits saved during that run': edits,
          'GET /albums/:id errors / non-2xx (all runs)': `${parallel.errors + mix.errors + mixEdited.errors} / ${parallel.non2xx + mix.non2xx + mixEdited.non2xx}`,
          'start page JS + CSS gzipped, index.html references only (previous figure), kB': bundle.totalGzipKb,
          'start page JS + CSS gzipped, entry + start screen chunk + en catalogue (build manifest), kB':
            startPage.totalGzipKb,
          'start page with the de catalogue, kB': startPageDe.totalGzipKb,
          'login page (what a signed-out visitor to / loads), kB': login.totalGzipKb,
        };
      } finally {
        build.dispose();
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
