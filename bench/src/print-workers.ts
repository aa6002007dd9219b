/**
 * Issue 17 figure: what one machine carries. 10 album exports (the album_softcover_inside preset, PDF/X, of a
 * 12-page album with a full-bleed 300 dpi photo on every page) queued at once, worked by 1, 2 and 4 render workers
 * (RENDER_WORKERS: concurrent exports in one process, each in its own context of the process's Chromium). Reports
 * the wall time until all 10 files are stored, exports per minute and the peak memory of the server with its
 * Chromium and Ghostscript (summed PSS). Worker-only processes (`--worker-only`) need PostgreSQL: with
 * BENCH_DATABASE_URL set (an empty database), the 2- and 4-worker runs are instead the API process with one worker
 * and 1 or 3 `--worker-only` processes with one worker each, every process with a Chromium of its own.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminApi,
  benchServerEnv,
  photoAlbum,
  startSourceServer,
  stopProcess,
  treePssMiB,
  waitForServer,
} from './print-setup.ts';
import { freePort } from './server-process.ts';

const EXPORTS = 10;
const SPREADS = 6;

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-workers-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = process.env.BENCH_DATABASE_URL;
  const baseEnv = benchServerEnv(port, dataDir, {}, database);

  const figures: Record<string, number | string> = {};
  let albumId: string | undefined;
  try {
    for (const workers of [1, 2, 4]) {
      const processes: ChildProcess[] = [];
      const separate = Boolean(database) && workers > 1;
      processes.push(startSourceServer({ ...baseEnv, RENDER_WORKERS: separate ? '1' : String(workers) }));
      if (separate) {
        for (let i = 1; i < workers; i++)
          processes.push(startSourceServer({ ...baseEnv, RENDER_WORKERS: '1' }, ['--worker-only']));
      }
      try {
        await waitForServer(baseUrl, processes[0]);
        const api = await adminApi(baseUrl);
        albumId ??= await photoAlbum(api, baseUrl, SPREADS);

        let peak = 0;
        const timer = setInterval(() => {
          peak = Math.max(
            peak,
            processes.reduce((sum, child) => sum + treePssMiB(child.pid!), 0),
          );
        }, 200);
        const started = performance.now();
        const ids: string[] = [];
        for (let i = 0; i < EXPORTS; i++) {
          const { render_job } = await api('POST', '/exports/render_jobs', {
            render_job: { params: { album_id: albumId }, settings: { preset: 'album_softcover_inside' } },
          });
          ids.push(render_job.id);
        }
        for (;;) {
          const { render_jobs } = (await api('GET', `/render_jobs?album_id=${albumId}`)) as {
            render_jobs: Array<{ id: string; state: string; error?: string }>;
          };
          const mine = render_jobs.filter((job) => ids.includes(job.id));
          const failed = mine.find((job) => job.state === 'error');
          if (failed) throw new Error(`export failed: ${failed.error}`);
          if (mine.length === EXPORTS && mine.every((job) => job.state === 'finished')) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        const ms = performance.now() - started;
        clearInterval(timer);
        const label = separate ? `${workers} worker processes` : `RENDER_WORKERS=${workers}`;
        figures[`${EXPORTS} PDF/X exports (${2 * SPREADS} photo pages each), ${label}: all stored (s)`] =
          Math.round(ms / 100) / 10;
        figures[`${label}: exports per minute`] = Math.round((EXPORTS / (ms / 60_000)) * 10) / 10;
        figures[`${label}: peak PSS, all processes (MiB)`] = Math.round(peak);
        // The next configuration starts with none of these jobs left over.
        for (const id of ids) await api('DELETE', `/render_jobs/${id}`).catch(() => undefined);
      } finally {
        for (const child of processes) await stopProcess(child);
      }
    }
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (result) => console.log(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
