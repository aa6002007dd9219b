/**
 * The product's server as a process of its own, the way `npm start` runs it (`node dist/main.js` in server/, on
 * the embedded database), for the browser tests: the harness's stacks, a test that kills and restarts one, and the
 * global set-up that prepares the data every stack starts from.
 *
 * Why a data template: a first start migrates the database, seeds the templates and accounts, draws the stock
 * library and fills the demo album, about 45 CPU seconds on a 2-core machine, while the server answers its first
 * request after a third of it. Every browser test file starting that from nothing put two dozen copies of the same
 * work beside the tests. e2e/global-setup.ts lets one server do it once, stops it, and each stack starts on a copy
 * of its data directory: a later start of the product, as after a restart, with the same seed data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const serverDir = new URL('../server', import.meta.url).pathname;

export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

/** Settings that change what a first start seeds: a stack with any of them starts from an empty directory. */
const SEED_SETTINGS = ['SITE_ENVIRONMENT', 'STOCK_LIBRARY_SEED', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'APP_ENV'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Fills `dataDir` from the prepared data template, when there is one and `env` seeds nothing else. */
export function fillDataDir(
  dataDir: string,
  template: string | undefined,
  env: Record<string, string>,
): void {
  if (!template || SEED_SETTINGS.some((name) => name in env)) return;
  // Not the backup socket a killed server may have left (server/src/backup): a socket cannot be copied.
  cpSync(template, dataDir, { recursive: true, filter: (source) => !source.endsWith('/backup.sock') });
}

export interface ServerProcess {
  child: ChildProcess;
  /** What the server printed so far (for a failure's message, or to wait for a line). */
  output: string[];
}

/**
 * Starts `node dist/main.js` (the bundle scripts/build-server.mjs makes; the global set-up builds it) on `port`
 * and `dataDir`, as a developer's machine runs it: embedded database, no Redis, admin account from ADMIN.
 */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_ENV: 'development',
    // Every page signs in and refreshes through the auth routes; the limit is tested on the server.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  };
  // Browser tests run on the embedded database; the database tests cover PostgreSQL.
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', join('dist', 'main.js')], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { child, output };
}

export async function waitForHealth(
  baseUrl: string,
  server: ServerProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(
        `server exited with code ${server.child.exitCode}\n${server.output.join('').slice(-4000)}`,
      );
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  server.child.kill('SIGKILL');
  throw new Error(
    `server did not become healthy within ${timeoutMs} ms\n${server.output.join('').slice(-4000)}`,
  );
}

/** SIGTERM (the server stops its jobs and closes the database), SIGKILL after 5 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
