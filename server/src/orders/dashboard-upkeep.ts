/**
 * The embedded database (PGlite) is PostgreSQL as one standalone backend: no autovacuum worker ever runs there.
 * The dashboard pages through orders and albums by index-only scans (dashboard.ts), which skip the table only
 * for rows the visibility map knows to be visible to everyone, and the planner picks its plans from statistics
 * that only ANALYZE refreshes. Without upkeep both go stale as orders come in and move through their stages, and
 * a deep page reads thousands of table rows again. So on PGlite the server does what autovacuum does on
 * PostgreSQL, for these two tables: VACUUM every ten minutes (milliseconds when little changed: pages already
 * all-visible are skipped) and VACUUM ANALYZE every sixth time.
 */
import type { Database } from '../db/database.ts';

const UPKEEP_INTERVAL_MS = 10 * 60_000;
const ANALYZE_EVERY = 6;

export interface DashboardUpkeep {
  /** One round now (the timer's work), resolved when it is done. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a round under way, so the database can be closed after it. */
  stop(): Promise<void>;
}

export function startDashboardUpkeep(
  database: Database,
  intervalMs = UPKEEP_INTERVAL_MS,
  onError: (error: unknown) => void = (error) => console.error('[dashboard upkeep]', error),
): DashboardUpkeep {
  let rounds = 0;
  let running: Promise<void> | undefined;
  const runOnce = () => {
    running ??= (async () => {
      rounds++;
      const analyze = rounds % ANALYZE_EVERY === 0;
      try {
        await database.executeSql(`VACUUM ${analyze ? '(ANALYZE) ' : ''}orders, albums`);
      } catch (error) {
        onError(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
