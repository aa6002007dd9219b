import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend minutes mostly waiting (real server processes, export leases running out, whole print
 * pipelines, browser sessions), in the order they should start. Vitest's own order on a fresh clone is by file
 * size, which put the small restart scenarios last, where their waits for leases became the run's tail with one
 * worker busy and the rest idle. Started first, their waits overlap the other files. The slowest files of a run are
 * listed at its end (summary-reporter.ts): move a file here when it shows up there as a tail.
 */
const SLOW_FIRST = [
  /\/restarts-kill-order-export\.test\.ts$/,
  /\/restarts-sigterm-handback\.test\.ts$/,
  /\/restarts-kill-print-export\.test\.ts$/,
  /\/restarts-sigterm-grace\.test\.ts$/,
  /\/ops\/backup-restore\.test\.ts$/,
  /\/test\/print\.test\.ts$/,
  /\/orders\/documents\.test\.ts$/,
  /\/test\/images\.test\.ts$/,
  /\/e2e\/help-widget\.test\.ts$/,
  /\/e2e\/realtime\.test\.ts$/,
  /\/e2e\/editor\.test\.ts$/,
  /\/e2e\/images\.test\.ts$/,
  /\/e2e\/accessibility\.test\.ts$/,
  /\/e2e\/invitations\.test\.ts$/,
  /\/e2e\/stylesheet-order\.test\.ts$/,
];

const rank = (spec: TestSpecification) => {
  const index = SLOW_FIRST.findIndex((pattern) => pattern.test(spec.moduleId));
  return index === -1 ? SLOW_FIRST.length : index;
};

/** Vitest's order (groups, then projects), with the known slow files of each group first. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // A stable sort: within a group the slow files move to the front, in their listed order, across its projects.
    return sorted.toSorted((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
