/**
 * Issue 24 figures: `npm run backup` and `npm run restore` for the bench album (print-setup.ts: the wedding
 * blueprint with 24 inner spreads, a full-bleed 300 dpi photo on each of the 48 pages, variants and CMYK copies
 * made), as an operator runs them: the backup against the running server, the restore into an empty DATA_DIR (or
 * an empty PostgreSQL database with BENCH_DATABASE_URL), then a server started on the restored data. Times are
 * wall clock of the commands, including their Node start; sizes are of the archive and of DATA_DIR.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  adminApi,
  benchServerEnv,
  photoAlbum,
  startSourceServer,
  stopProcess,
  waitForServer,
} from './print-setup.ts';
import { freePort } from './server-process.ts';

const exec = promisify(execFile);
const repoRoot = new URL('../..', import.meta.url).pathname;
const INNER_SPREADS = 24;

async function command(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; output: string }> {
  const started = performance.now();
  const { stdout, stderr } = await exec(
    process.execPath,
    ['--import', 'tsx', 'server/src/backup/cli.ts', ...args],
    { cwd: repoRoot, env, maxBuffer: 16 * 1024 * 1024 },
  );
  return { ms: performance.now() - started, output: stdout + stderr };
}

async function duBytes(path: string): Promise<number> {
  const { stdout } = await exec('du', ['-sb', path]);
  return Number(stdout.split('\t')[0]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** An empty PostgreSQL database beside BENCH_DATABASE_URL's, for the restore; dropped by the returned function. */
async function emptyDatabaseBeside(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const scratch = mkdtempSync(join(tmpdir(), 'stickerbook-bench-backup-'));
  const dataDir = join(scratch, 'data');
  const restoredDir = join(scratch, 'restored');
  const archive = join(scratch, 'backup.zip');
  const sourceUrl = process.env.BENCH_DATABASE_URL;
  const restoreTarget = sourceUrl ? await emptyDatabaseBeside(sourceUrl) : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(port, dataDir, {}, sourceUrl);
  let server = startSourceServer(env);
  try {
    await waitForServer(baseUrl, server);
    const api = await adminApi(baseUrl);
    const albumId = await photoAlbum(api, baseUrl, INNER_SPREADS);
    const before = await api('GET', `/albums/${albumId}`);
    const dataBytes = await duBytes(dataDir);

    // While the server runs, as the README says to, with an editor's client reading the album all along: the
    // embedded database answers nothing while PGlite dumps it, which shows as the longest read.
    const readAlbum = async () => {
      const started = performance.now();
      await api('GET', `/albums/${albumId}`);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 20; i++) quiet.push(await readAlbum());
    let backingUp = true;
    const during: number[] = [];
    const reading = (async () => {
      while (backingUp) {
        during.push(await readAlbum());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const backup = await command(['backup', archive], env).finally(() => (backingUp = false));
    await reading;
    const archiveBytes = statSync(archive).size;
    await stopProcess(server);

    const restoreEnv = benchServerEnv(port, restoredDir, {}, restoreTarget?.url);
    const restore = await command(['restore', archive], restoreEnv);
    const started = performance.now();
    server = startSourceServer(restoreEnv);
    await waitForServer(baseUrl, server);
    const firstResponseMs = performance.now() - started;
    const after = await (await adminApi(baseUrl))('GET', `/albums/${albumId}`);
    if (after.version !== before.version) throw new Error('the restored album is not the backed-up one');

    const filesLine = /files: (\d+) \(([\d.]+ MB)\)/.exec(backup.output);
    return {
      database: sourceUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite',
      'bench album': `${INNER_SPREADS} inner spreads, ${2 * INNER_SPREADS} photos of 2764 x 3555 px`,
      'DATA_DIR before the backup (MB)': mb(dataBytes),
      'stored files in the archive': filesLine ? `${filesLine[1]} (${filesLine[2]})` : 'n/a',
      'archive (MB)': mb(archiveBytes),
      'backup while the server runs (s)': seconds(backup.ms),
      'GET /albums/:id before the backup, median of 20 (ms)': median(quiet).toFixed(0),
      'GET /albums/:id during the backup, median / longest (ms)': `${median(during).toFixed(0)} / ${Math.max(...during).toFixed(0)}`,
      'restore into an empty place (s)': seconds(restore.ms),
      'restored server: start to first answer (s)': seconds(firstResponseMs),
    };
  } finally {
    await stopProcess(server);
    await restoreTarget?.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
