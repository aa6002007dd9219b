/**
 * Issue 2 figures: start-up to the first response on an existing data dir, GET /albums/:id for an album of
 * 60 spreads and 600 stickers (latency and throughput on loopback), and the start page's JS + CSS gzipped.
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLargeAlbum } from '@stickerbook/model';
import { openDatabase } from '../../server/src/db/database.ts';
import { albums } from '../../server/src/db/schema.ts';
import { startPageBundleSize } from './bundle-size.ts';
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

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-'));
  try {
    // First start: migrations, seeds; then a user with one album that we grow to 60 spreads / 600 stickers.
    const first = await startServer(dataDir, { APP_ENV: 'production' }, '/api/v1/health');
    const api = `${first.baseUrl}/api/v1`;
    const session = await json(`${api}/auth/signup`, {
      method: 'POST',
      body: JSON.stringify({ email: 'bench@bench.test', password: 'bench-password-1' }),
    });
    const token = session.access_token as string;
    const { blueprints } = (await json(`${api}/blueprints`)) as { blueprints: Array<{ id: string }> };
    const album = await json(`${api}/albums`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ blueprint_id: blueprints[0].id, title: 'Benchmark album' }),
    });
    await first.stop();

    const database = await openDatabase({ dataDir });
    const large = makeLargeAlbum({ spreads: 60, stickers: 600, otherElements: 400 });
    await database.db
      .update(albums)
      .set({ workspace: large })
      .where(eq(albums.id, album.id as string));
    await database.close();

    // Restarts on the existing data dir: time to the first answered request (the app's HTML).
    const startupMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const restart = await startServer(dataDir, { APP_ENV: 'production' }, '/');
      startupMs.push(restart.firstResponseMs);
      if (i < 2) await restart.stop();
      else {
        const url = `${restart.baseUrl}/api/v1/albums/${album.id}`;
        const headers = { authorization: `Bearer ${token}` };
        const sample = await fetch(url, { headers });
        const bodyBytes = (await sample.arrayBuffer()).byteLength;
        // Sequential requests for the latency figure, then 10 connections for throughput.
        const sequential = await autocannon({ url, headers, connections: 1, duration: 5 });
        const cpuBefore = cpuMs(restart.child.pid!);
        const parallel = await autocannon({ url, headers, connections: 10, duration: 10 });
        // The server's own CPU time per request: what the figure would be with a core to itself, on a busy machine.
        const cpuPerRequest = (cpuMs(restart.child.pid!) - cpuBefore) / parallel.requests.total;
        await restart.stop();
        const bundle = startPageBundleSize(join(repoRoot, 'web/dist'));
        return {
          'start-up to first response, existing data dir (median of 3), ms': Math.round(median(startupMs)),
          'GET /albums/:id (60 spreads, 600 stickers) body, kB': Math.round(bodyBytes / 1024),
          'GET /albums/:id p50 latency, 1 connection, ms': sequential.latency.p50,
          'GET /albums/:id p99 latency, 1 connection, ms': sequential.latency.p99,
          'GET /albums/:id throughput, 10 connections, req/s': Math.round(parallel.requests.average),
          'GET /albums/:id server CPU per request, ms': Math.round(cpuPerRequest * 1000) / 1000,
          'GET /albums/:id errors / non-2xx': `${parallel.errors} / ${parallel.non2xx}`,
          'start page JS + CSS gzipped, kB': bundle.totalGzipKb,
        };
      }
    }
    throw new Error('unreachable');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
