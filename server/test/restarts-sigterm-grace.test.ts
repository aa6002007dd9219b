/**
 * Restarts that lose nothing (issue 24 item 3), the product as its own process (helpers/restarts.ts):
 * SIGTERM with grace enough: the export finishes before the process exits, once, and GET /ready answers 503
 * `draining` from the SIGTERM on, while the running export still has the server.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import {
  describeRestarts,
  EXPORT_WITHIN_MS,
  TEST_TIMEOUT_MS,
  adminApi,
  exportSignals,
  startOrderExport,
  start,
  stopped,
  until,
} from './helpers/restarts.ts';

describeRestarts((setup) => {
  it(
    'lets a running export finish within the grace period, answering /ready 503 meanwhile',
    async () => {
      const { place, port } = setup;
      const first = await start(place, port, { SHUTDOWN_GRACE_MS: String(EXPORT_WITHIN_MS) });
      const api = await adminApi(port);
      const orderId = await startOrderExport(api);
      first.child.kill('SIGTERM');
      const ready = await until(
        'ready says draining',
        () => fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(async (r) => [r.status, await r.json()]),
        ([status]) => status === 503,
      );
      expect(ready[1]).toMatchObject({ status: 'draining', checks: { database: 'ok', queue: 'ok' } });
      expect(await first.exited).toBe(0);
      expect(first.output.join('')).not.toContain('handed back');
      expect(await exportSignals(place, orderId)).toEqual(['export_started', 'export_completed']);

      // The next start has nothing left to do for it.
      const second = await start(place, port);
      await sleep(3_000);
      expect(await stopped(second, 'SIGTERM')).toBe(0);
      expect(await exportSignals(place, orderId)).toEqual(['export_started', 'export_completed']);
    },
    TEST_TIMEOUT_MS,
  );
});
