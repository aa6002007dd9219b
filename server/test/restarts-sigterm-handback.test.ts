/**
 * Restarts that lose nothing (issue 24 item 3), the product as its own process (helpers/restarts.ts):
 * SIGTERM with no grace left: the running order artifact export is handed back to its queue, the next
 * start runs it, and the order's timeline has one `export_completed` and no `export_failed`.
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
    'hands a running order export back on SIGTERM and finishes it once after the restart',
    async () => {
      const { place, port } = setup;
      // No grace: whatever runs at the SIGTERM goes back to the queue.
      const first = await start(place, port, { SHUTDOWN_GRACE_MS: '0' });
      let api = await adminApi(port);
      const orderId = await startOrderExport(api);
      expect(await stopped(first, 'SIGTERM')).toBe(0);
      expect(first.output.join('')).toContain('1 running job(s) handed back to the queue');
      expect(await exportSignals(place, orderId)).toEqual(['export_started']);

      const second = await start(place, port);
      api = await adminApi(port);
      const artifact = await orderExportEnded(api, orderId, 'the export finishes after the restart');
      expect(artifact).toMatchObject({ state: 'finished', progress: 100 });
      const zip = await fetch(new URL(artifact.blob_url, `http://127.0.0.1:${port}`));
      expect(zip.status).toBe(200);
      expect(
        Buffer.from(await zip.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
      expect(await stopped(second, 'SIGTERM')).toBe(0);
      expect(await exportSignals(place, orderId)).toEqual(['export_started', 'export_completed']);
    },
    TEST_TIMEOUT_MS,
  );
});
