import { defineConfig } from 'vitest/config';

// One run covers every package; `npm test` (scripts/test.mjs) builds the web app first so the
// browser project can drive the real bundle served by the real server.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
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
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
