/**
 * Issue 14: the admin dashboard at the size a successful shop reaches. Seeds 100,000 orders (the README's
 * `npm run seed:orders`) into a fresh embedded database (or BENCH_DATABASE_URL), starts the product as `npm start`
 * does, and times every scope × sort × a first and a deep page, and searches, as the admin's browser calls them
 * (one at a time, warm). Target: p95 < 50 ms for each.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.ts';

const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000);
/** Rounds over every view; 40 samples make each view's p95 the third-slowest, not the slowest, request. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const TARGET_MS = 50;
const repoRoot = new URL('../..', import.meta.url).pathname;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-dashboard-'));
  const env = { ...process.env, DATA_DIR: dataDir } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const seedStarted = performance.now();
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/orders/seed-orders.ts', String(ORDERS)],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed with ${seeded.status}`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const server = await startServer(dataDir, {}, '/api/v1/health');
  try {
    const login = await (
      await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-password' }),
      })
    ).json();
    const headers = { authorization: `Bearer ${login.access_token}`, 'accept-language': 'de' };
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/v1${path}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return performance.now() - started;
    };

    const views: string[] = [];
    for (const scope of ['show_all', 'pending_review', 'pending_transfer', 'pending_shipment', 'shipped']) {
      for (const sort of ['sort_by=created_at&sort_order=desc', 'sort_by=release_date&sort_order=asc']) {
        for (const page of [1, 200])
          views.push(`/orders/dashboard?scope=${scope}&${sort}&page=${page}&per=20`);
      }
    }
    const searches = ['müller', 'hochzeit 4711', 'sb-10042', 'anna.12345@example.com'].map(
      (q) => `/orders/dashboard?scope=show_all&query=${encodeURIComponent(q)}`,
    );
    const albumViews = ['show_all', 'updated_today', 'with_order'].map(
      (scope) => `/albums/dashboard?scope=${scope}`,
    );
    albumViews.push(`/albums/dashboard?scope=show_all&query=${encodeURIComponent('sommerfest 4242')}`);

    const all = [...views, ...searches, ...albumViews];
    for (const path of all) await timed(path); // warm
    const samples = new Map<string, number[]>(all.map((path) => [path, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of all) samples.get(path)!.push(await timed(path));
    }
    const p95 = (paths: string[]) => paths.map((path) => percentile(samples.get(path)!, 95));
    const worst = (paths: string[]) => {
      const values = p95(paths);
      const max = Math.max(...values);
      return `${max.toFixed(1)} ms (${paths[values.indexOf(max)]})`;
    };
    // Every view's own p95, so the ones over the target stand out, not only the median and the worst.
    const perView = Object.fromEntries(
      all.map((path) => {
        const value = percentile(samples.get(path)!, 95);
        return [`p95 ${path}`, `${value.toFixed(1)} ms${value >= TARGET_MS ? ' — over target' : ''}`];
      }),
    );
    return {
      orders: ORDERS,
      'seed time': `${seedSeconds.toFixed(1)} s`,
      'order views (5 scopes × 2 sorts × page 1 and 200), median of p95': `${percentile(p95(views), 50).toFixed(1)} ms`,
      'order views, worst p95': worst(views),
      'order searches, worst p95': worst(searches),
      'album views and search, worst p95': worst(albumViews),
      target: `p95 < ${TARGET_MS} ms for every view`,
      'views over target': all.filter((path) => percentile(samples.get(path)!, 95) >= TARGET_MS).length,
      ...perView,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
