/**
 * `@stickerbook/model/testing`: documents and random edits for tests, benchmarks and browser tests. Product code
 * may not import it (a dependency-cruiser rule in `npm run lint`). `test-support.ts` beside it holds the model's
 * own vitest helpers and is imported by path, so this entry loads no test runner.
 */
export * from './fixtures.ts';
export * from './random-mutations.ts';
