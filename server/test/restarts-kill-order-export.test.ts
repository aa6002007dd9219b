/**
 * Restarts that lose nothing (issue 24 item 3), the product as its own process (helpers/restarts.ts):
 * kill -9 in the middle of an order artifact export: nothing is handed back; the export's lease runs out
 * and pg-boss runs it again, once.
 */
import { expect, it } from 'vitest';
import {
  describeRestarts,
  TEST_TIMEOUT_MS,
  adminApi,
  exportSignals,
  startOrderExport,
  orderExportEnded,
  start,
  stopped,
} from './helpers/restarts.ts';

describeRestarts((setup) => {
  it(
    'runs an order export again once after kill -9, when its lease has run out',
    async () => {
      const { place, port } = setup;
      const env = { RENDER_EXPORT_LEASE_SECONDS: '120', JOB_SUPERVISE_SECONDS: '1' };
      const first = await start(place, port, env);
      let api = await adminApi(port);
      const orderId = await startOrderExport(api);
      expect(await stopped(first, 'SIGKILL')).toBe(null);
      expect(await exportSignals(place, orderId)).toEqual(['export_started']);

      const second = await start(place, port, env);
      api = await adminApi(port);
      const artifact = await orderExportEnded(api, orderId, 'the export finishes after the lease ran out');
      expect(artifact).toMatchObject({ state: 'finished', progress: 100 });
      expect(await stopped(second, 'SIGTERM')).toBe(0);
      expect(await exportSignals(place, orderId)).toEqual(['export_started', 'export_completed']);
    },
    TEST_TIMEOUT_MS,
  );
});
