/**
 * Restarts that lose nothing (issue 24 item 3), the product as its own process (helpers/restarts.ts):
 * kill -9 in the middle of a print export: nothing is handed back; the export's lease runs out and pg-boss
 * runs it again, once.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { renderJobs } from '../src/db/schema.ts';
import {
  describeRestarts,
  TEST_TIMEOUT_MS,
  adminApi,
  orderableAlbum,
  start,
  stopped,
  until,
} from './helpers/restarts.ts';

describeRestarts((setup) => {
  it(
    'runs a print export again once after kill -9, when its lease has run out',
    async () => {
      const { place, port } = setup;
      // A short lease and a supervisor that looks every second, so the test need not wait 30 minutes. The lease
      // must still outlast the export: one that runs out mid-render starts a second attempt beside the first.
      const env = { RENDER_EXPORT_LEASE_SECONDS: '90', JOB_SUPERVISE_SECONDS: '1' };
      const first = await start(place, port, env);
      let api = await adminApi(port);
      const albumId = await orderableAlbum(api);
      const { render_job: job } = await api('POST', '/exports/render_jobs', {
        render_job: { params: { album_id: albumId, format: 'pdf' }, settings: { preset: 'album_check' } },
      });
      await until(
        'the export is rendering',
        () => api('GET', `/render_jobs?album_id=${albumId}`),
        ({ render_jobs: [row] }) => (row.state === 'working' && row.progress > 5) || row.state === 'finished',
      );
      expect(await stopped(first, 'SIGKILL')).toBe(null);

      const second = await start(place, port, env);
      api = await adminApi(port);
      const { render_jobs: rows } = await until(
        'the export finishes after the restart',
        () => api('GET', `/render_jobs?album_id=${albumId}`),
        ({ render_jobs: [row] }) => row.state === 'finished' || (row.state === 'error' && row.attempts > 2),
      );
      expect(rows).toHaveLength(1);
      // The second attempt is the retry after the lease ran out, not a failure's (which records an error first).
      expect(rows[0]).toMatchObject({
        id: job.id,
        state: 'finished',
        progress: 100,
        attempts: 2,
        error: null,
      });
      const file = await fetch(new URL(rows[0].file_url, `http://127.0.0.1:${port}`));
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await stopped(second, 'SIGTERM')).toBe(0);
      const database = await openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
      try {
        const stored = await database.db
          .select()
          .from(renderJobs)
          .where(and(eq(renderJobs.albumId, albumId)));
        expect(stored.map((row) => row.state)).toEqual(['finished']);
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
