import { describe, expect, it } from 'vitest';
import { uploadsQuiet, uploadStarted } from '../src/jobs/upload-activity.ts';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 150));
  return done;
};

describe('image jobs give way to uploads in flight', () => {
  it('holds background work while an upload is being received and lets it go once uploads are quiet', async () => {
    const ended = uploadStarted();
    const quiet = uploadsQuiet({ quietMs: 50, maxWaitMs: 60_000 });
    expect(await settled(quiet)).toBe(false);
    // A second upload overlapping the first keeps the work waiting after the first ends.
    const second = uploadStarted();
    ended();
    expect(await settled(quiet)).toBe(false);
    second();
    second(); // ending twice counts once
    await quiet;
    // Nothing in flight: no wait beyond the quiet period.
    await uploadsQuiet({ quietMs: 0, maxWaitMs: 60_000 });
  });

  it('never holds background work longer than its limit, however long uploads keep coming', async () => {
    const ended = uploadStarted();
    try {
      const started = performance.now();
      await uploadsQuiet({ quietMs: 50, maxWaitMs: 200 });
      const waited = performance.now() - started;
      // Held while the upload is in flight, let go at the 200 ms limit although it never ended (timers may fire a
      // little early or, on a busy machine, late; the upload here would keep it waiting forever).
      expect(waited).toBeGreaterThanOrEqual(190);
      expect(waited).toBeLessThan(1_000);
    } finally {
      ended();
    }
  });
});
