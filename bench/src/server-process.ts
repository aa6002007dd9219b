/** Starts the product the way `npm start` does (bundled server, built SPA, embedded database) for benchmarks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
// One free-port probe for the browser tests and the benchmarks.
import { freePort } from '../../e2e/server-process.ts';

export { freePort };

const repoRoot = new URL('../..', import.meta.url).pathname;

/** APP_ENV=production refuses to start without the seller's invoice data (server/src/config, XRechnung). */
export const BENCH_SELLER_ENV: Record<string, string> = {
  SELLER_NAME: 'Bench Albumdruck GmbH',
  SELLER_STREET: 'Hafenstraße 7',
  SELLER_POSTCODE: '20457',
  SELLER_CITY: 'Hamburg',
  SELLER_VAT_ID: 'DE811907980',
  SELLER_IBAN: 'DE89370400440532013000',
  SELLER_BIC: 'COBADEFFXXX',
  SELLER_EMAIL: 'rechnung@bench.test',
  SELLER_PHONE: '+49 40 123456',
  SELLER_CONTACT: 'Buchhaltung',
};

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first successful response of `firstPath`. */
  firstResponseMs: number;
  stop(): Promise<void>;
}

export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  firstPath = '/',
  /** Start it with the README's command, `npm start` (scripts/start.mjs checks both builds, then runs the bundle). */
  viaNpmStart = false,
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    // As `npm start` runs it (scripts/start.mjs).
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: 'bench-admin-password',
    ...BENCH_SELLER_ENV,
    ...env,
  };
  // Embedded PGlite as `npm start` runs it, unless BENCH_DATABASE_URL names a PostgreSQL database to measure the
  // production setup with (an empty database of its own: the server migrates it).
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  if (process.env.BENCH_DATABASE_URL) childEnv.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const started = performance.now();
  const child = viaNpmStart
    ? // Its own process group, so npm, the start script and the server stop together.
      spawn('npm', ['start'], {
        cwd: repoRoot,
        env: childEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      })
    : // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops, to see where a figure goes.
      spawn(
        process.execPath,
        [
          ...(process.env.BENCH_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
            : []),
          'dist/main.js',
        ],
        {
          cwd: join(repoRoot, 'server'),
          env: childEnv,
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(baseUrl + firstPath);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const firstResponseMs = performance.now() - started;
  return {
    baseUrl,
    child,
    firstResponseMs,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      if (viaNpmStart) process.kill(-child.pid!, 'SIGTERM');
      else child.kill('SIGTERM');
      await exited;
    },
  };
}
