import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the ten slowest test files of a whole run (where the suite's time goes, to balance its
 * parallelism) and the plain "N passed, N failed" line that CI reads.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed without a failed test (a failed beforeAll skips its tests, an import error has none)
      // counts as one failure, so the line never says "0 failed" for a red run.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    if (testModules.length > 20) {
      const slowest = testModules
        .map((module) => {
          // The file's whole time in its worker: environment, imports and set-up as well as its tests.
          const times = module.diagnostic();
          const ms =
            times.environmentSetupDuration +
            times.prepareDuration +
            times.collectDuration +
            times.setupDuration +
            times.duration;
          return { file: `${module.project.name}/${module.relativeModuleId}`, ms };
        })
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10);
      process.stdout.write(`\nslowest files:\n`);
      for (const { file, ms } of slowest) process.stdout.write(`  ${(ms / 1000).toFixed(1)} s  ${file}\n`);
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
