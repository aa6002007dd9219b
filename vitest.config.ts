import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './scripts/slow-first-sequencer.ts';

// One run covers every package; `npm test` (scripts/test.mjs) builds the web app first so the
// browser project can drive the real bundle served by the real server.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Files that mostly wait start first, so their waits overlap the rest (scripts/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Three files at a time for the unit, API and database tests: most of their time is spent waiting on jobs and
    // the database, and vitest's default on a 2-core machine (one file at a time) left a core idle.
    maxWorkers: 3,
    projects: [
      { test: { name: 'model', root: 'packages/model', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          // Bundles the server and makes the seed data every stack starts from, once (e2e/server-process.ts).
          globalSetup: ['./global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page on a busy 2-core machine can take more than expect.poll's default second to settle (a title set
          // after the first render missed it once in CI). A value that stays wrong still fails, 9 s later.
          expect: { poll: { timeout: 10_000 } },
          // Two browser test files at a time: each drives its own server and Chromium, and most of their time is
          // spent waiting on them, so two overlap well on a 2-core machine and keep the suite's time in bounds.
          fileParallelism: true,
          maxWorkers: 2,
          // Its own group (after the unit, API and database tests), as its worker count is its own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
