/**
 * Issue 6 figures (loopback, embedded PGlite like `npm start`):
 * - 20 clients on one album, each sending 5 mutations per second: broadcast latency p95 (< 30 ms), and every
 *   mutation received by every other client exactly once;
 * - 2,000 idle sockets on one instance (100 albums, 20 people each): server RSS (< 500 MB);
 * - saving a 20-path mutation on a 60-spread album, server side (validate, apply, store): p50 (< 5 ms).
 */
import { type Patch } from '@stickerbook/model';
import { makeLargeAlbum } from '@stickerbook/model/testing';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { Principal } from '../../server/src/auth/access-tokens.ts';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config/index.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { albums } from '../../server/src/db/schema.ts';
import { foldAlbumDocument } from '../../server/src/album-store/albums.ts';
import { startServer } from './server-process.ts';

const CLIENTS = Number(process.env.RT_CLIENTS ?? 20);
const RATE_PER_SECOND = 5;
const DURATION_MS = 10_000;
const IDLE_SOCKETS = Number(process.env.RT_IDLE ?? 2_000);
/** RT_PARTS=save,latency,idle (default all) runs only some of the figures. */
const PARTS = new Set((process.env.RT_PARTS ?? 'save,latency,idle').split(','));

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};
const round = (n: number) => Math.round(n * 100) / 100;

function connect(baseUrl: string, token: string, albumId: string): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { albumId },
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function broadcastLatency(baseUrl: string, token: string, albumId: string, elementIds: string[]) {
  const sockets = await Promise.all(Array.from({ length: CLIENTS }, () => connect(baseUrl, token, albumId)));
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const received = sockets.map(() => new Map<string, number>());
  sockets.forEach((socket, i) =>
    socket.on('mutations', (m: { mutationId: string }) => {
      const at = sentAt.get(m.mutationId);
      if (at !== undefined) latencies.push(performance.now() - at);
      received[i].set(m.mutationId, (received[i].get(m.mutationId) ?? 0) + 1);
    }),
  );
  const sentBy = sockets.map(() => [] as string[]);
  const versions: number[] = [];
  let failures = 0;
  const pending: Array<Promise<void>> = [];
  const intervalMs = 1000 / RATE_PER_SECOND;
  const started = performance.now();
  await new Promise<void>((done) => {
    let tick = 0;
    const timer = setInterval(() => {
      if (performance.now() - started > DURATION_MS) {
        clearInterval(timer);
        done();
        return;
      }
      tick++;
      sockets.forEach((socket, i) => {
        // Spread the clients over the interval, as real people are not in lock-step.
        setTimeout(
          () => {
            const mutationId = `bench-${i}-${tick}`;
            const element = elementIds[(i * 7 + tick) % elementIds.length];
            const patches: Patch[] = [
              { op: 'replace', path: `/nodes/${element}/props/x`, value: tick % 400 },
            ];
            sentAt.set(mutationId, performance.now());
            sentBy[i].push(mutationId);
            pending.push(
              socket
                .timeout(10_000)
                .emitWithAck('mutations', { patches, version: 0, clientId: `c${i}`, mutationId })
                .then(
                  (ack: { ok: boolean; version?: number }) => {
                    if (ack.ok && ack.version) versions.push(ack.version);
                    else failures++;
                  },
                  () => void failures++,
                ),
            );
          },
          (i * intervalMs) / CLIENTS,
        );
      });
    }, intervalMs);
  });
  // The last tick's sends are spread over one more interval: wait for them before collecting the answers.
  await new Promise((r) => setTimeout(r, intervalMs + 50));
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 500));
  let lost = 0;
  let duplicated = 0;
  sockets.forEach((_, receiver) =>
    sentBy.forEach((ids, sender) => {
      if (sender === receiver) return;
      for (const id of ids) {
        const count = received[receiver].get(id) ?? 0;
        if (count === 0) lost++;
        if (count > 1) duplicated++;
      }
    }),
  );
  const sorted = [...versions].sort((a, b) => a - b);
  const contiguous = sorted.every((v, i) => i === 0 || v === sorted[i - 1] + 1);
  const versionRange = `${sorted[0]}..${sorted.at(-1)}, ${new Set(sorted).size} distinct of ${sorted.length}`;
  for (const socket of sockets) socket.close();
  return {
    sent: sentBy.flat().length,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    lost,
    duplicated,
    failures,
    contiguous,
    versionRange,
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function idleSockets(baseUrl: string, pid: number, token: string, albumIds: string[]) {
  const before = rssMb(pid);
  const sockets: Socket[] = [];
  for (let i = 0; i < IDLE_SOCKETS; i += 100) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, IDLE_SOCKETS - i) }, (_, j) =>
          connect(baseUrl, token, albumIds[(i + j) % albumIds.length]),
        ),
      )),
    );
  }
  await new Promise((r) => setTimeout(r, 2_000));
  const after = rssMb(pid);
  const connected = sockets.filter((s) => s.connected).length;
  for (const socket of sockets) socket.close();
  return { before, after, connected };
}

/** In-process: the same code path as a socket mutation, without the network. */
async function savePath(): Promise<{ p50: number; p95: number; fold: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-save-'));
  try {
    const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: dataDir };
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const app = await buildApp(config, { database });
    const doc = makeLargeAlbum();
    await database.db.insert(albums).values({
      id: 'bench-album',
      ownerIdentifier: 'guest:bench',
      identifier: 'SB-BENCH',
      workspace: doc,
    });
    const principal: Principal = { kind: 'guest', id: 'bench', roles: [] };
    const rects = Object.values(doc.nodes)
      .filter((n) => n.type === 'Rectangle')
      .slice(0, 10);
    const times: number[] = [];
    const foldTimes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const patches = rects.flatMap((n) => [
        { op: 'replace', path: `/nodes/${n.id}/props/x`, value: i },
        { op: 'replace', path: `/nodes/${n.id}/props/y`, value: i },
      ]);
      const started = performance.now();
      const result = await app.realtime.sync.submit('bench-album', principal, {
        patches,
        version: i,
        clientId: 'bench',
        mutationId: `save-${i}`,
      });
      if (i >= 20) times.push(performance.now() - started);
      if (!result.ok) throw new Error(result.message);
    }
    const [row] = await database.db
      .select({ version: albums.version })
      .from(albums)
      .where(eq(albums.id, 'bench-album'));
    if (row.version !== 300) throw new Error(`stored version ${row.version}`);
    // The background work the saves left: folding the log into the stored document (whole-document write).
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await foldAlbumDocument(database.db, 'bench-album', doc, 300 + i);
      foldTimes.push(performance.now() - started);
      await database.db
        .update(albums)
        .set({ version: 301 + i })
        .where(eq(albums.id, 'bench-album'));
    }
    await app.close();
    return {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      fold: round(percentile(foldTimes, 50)),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  if (PARTS.has('save')) {
    const save = await savePath();
    results['save 20-path mutation, 60-spread album, server p50 (ms)'] = save.p50;
    results['save 20-path mutation, 60-spread album, server p95 (ms)'] = save.p95;
    results['fold log into the 60-spread document, background (ms)'] = save.fold;
  }
  if (!PARTS.has('latency') && !PARTS.has('idle')) return results;

  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-realtime-'));
  // Production mode: no demo album seeding sharing the process while it is measured.
  const server = await startServer(dataDir, { APP_ENV: 'production' }, '/api/v1/health');
  try {
    const guest = await json(`${server.baseUrl}/api/v1/public/guest_tokens`, { method: 'POST' });
    const token = guest.access_token as string;
    const album = await json(`${server.baseUrl}/api/v1/albums`, {
      method: 'POST',
      token,
      body: JSON.stringify({ blueprint_id: await firstBlueprint(server.baseUrl) }),
    });
    const workspace = album.workspace as { nodes: Record<string, { type: string; props: { x?: number } }> };
    const elementIds = Object.entries(workspace.nodes)
      .filter(([, node]) => typeof node.props.x === 'number')
      .map(([id]) => id);
    if (PARTS.has('latency')) {
      const latency = await broadcastLatency(server.baseUrl, token, album.id as string, elementIds);
      results[`broadcast latency p50, ${CLIENTS} clients x 5/s (ms)`] = latency.p50;
      results[`broadcast latency p95, ${CLIENTS} clients x 5/s (ms)`] = latency.p95;
      results['mutations sent'] = latency.sent;
      results['mutations lost / duplicated / refused'] =
        `${latency.lost} / ${latency.duplicated} / ${latency.failures}`;
      results['versions contiguous'] = `${latency.contiguous} (${latency.versionRange})`;
    }
    if (PARTS.has('idle')) {
      // Idle sockets as in real use: many albums with a few people each (20 per album here).
      const idleAlbums: string[] = [];
      for (let i = 0; i < IDLE_SOCKETS / 20; i++) {
        const created = await json(`${server.baseUrl}/api/v1/albums`, {
          method: 'POST',
          token,
          body: JSON.stringify({ blueprint_id: await firstBlueprint(server.baseUrl), empty_inside: true }),
        });
        idleAlbums.push(created.id as string);
      }
      const idle = await idleSockets(server.baseUrl, server.child.pid!, token, idleAlbums);
      results['idle sockets connected'] = idle.connected;
      results[`server RSS before / with ${IDLE_SOCKETS} idle sockets (MB)`] =
        `${idle.before} / ${idle.after}`;
    }
    return results;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function firstBlueprint(baseUrl: string): Promise<string> {
  const list = (await json(`${baseUrl}/api/v1/blueprints`)) as { blueprints: Array<{ id: string }> };
  return list.blueprints[0].id;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (result) => {
      console.table(result);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
