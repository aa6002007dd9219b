/**
 * What a SIGTERM does to the jobs this process is running (issue 24 item 3): they either finish within the grace
 * period (SHUTDOWN_GRACE_MS) or go back to the queue, so the next start (or another worker) runs them, and no
 * export, image variant or mail is lost or done twice.
 *
 * pg-boss records no owner of an active job, and its own graceful stop ends by *failing* what is still running,
 * which spends an attempt and, on a queue without retries (the order artifact export), loses the job. So this
 * process counts its own jobs: every handler registered through `boss.work` runs inside a wrapper that knows the
 * batch's ids until the handler settles. Handing back sets those rows from `active` to `retry` with no start time,
 * which pg-boss's fetch treats as a first attempt (it counts a retry only when `started_on` is set).
 *
 * After the hand-back the process must not touch those rows again: a handler still running would complete or fail
 * a job that is now someone else's. The wrapper's SQL gate holds every pg-boss statement from then on (it never
 * answers), and the process exits (main.ts). Work a handler does outside pg-boss is idempotent per job (a render job renders into
 * the same file key, an artifact export into its export id's key, a mail sends once per dedupe key).
 *
 * A process that dies without SIGTERM (kill -9, a lost machine) leaves its jobs active until their lease (the
 * queue's `expireInSeconds`) runs out; pg-boss's maintenance (JOB_SUPERVISE_SECONDS) then queues them again
 * within their retry limit.
 */
import type PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/database.ts';
import { BOSS_SCHEMA } from './sender.ts';

export interface RunningJobs {
  /** pg-boss's `db.executeSql`, gated: held unanswered once the jobs were handed back. */
  executeSql: ExecuteSql;
  /** Wraps `boss.work` so every handler's jobs are known while they run; call once, before any `work`. */
  track(boss: PgBoss): void;
  /** Ids of the jobs running now. */
  ids(): string[];
  /** Resolves when nothing runs, or after `ms` (then some may still run). */
  settled(ms: number): Promise<void>;
  /** Puts the running jobs back into their queues; answers how many. pg-boss statements are held afterwards. */
  handBack(): Promise<number>;
}

type Handler = (jobs: Array<{ id: string }>) => Promise<unknown>;

export function runningJobs(executeSql: ExecuteSql): RunningJobs {
  /** job id -> queue name */
  const running = new Map<string, string>();
  let handedBack = false;
  const idle: Array<() => void> = [];

  // After the hand-back a statement never answers, rather than fail: pg-boss's worker loop does not catch an
  // error from completing a job, and an unhandled rejection would end the process before its requests in flight
  // are finished. The process exits soon after (main.ts); a waiting statement holds nothing.
  const gated: ExecuteSql = (text, values) =>
    handedBack ? new Promise(() => undefined) : executeSql(text, values);

  return {
    executeSql: gated,
    track(boss) {
      const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>;
      boss.work = ((name: string, ...args: unknown[]) => {
        const handler = args.pop() as Handler;
        const tracked: Handler = async (jobs) => {
          for (const job of jobs) running.set(job.id, name);
          try {
            return await handler(jobs);
          } finally {
            for (const job of jobs) running.delete(job.id);
            if (running.size === 0) for (const resolve of idle.splice(0)) resolve();
          }
        };
        return work(name, ...args, tracked);
      }) as PgBoss['work'];
    },
    ids: () => [...running.keys()],
    async settled(ms) {
      if (running.size === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async handBack() {
      const byQueue = new Map<string, string[]>();
      for (const [id, name] of running) byQueue.set(name, [...(byQueue.get(name) ?? []), id]);
      handedBack = true;
      let count = 0;
      for (const [name, ids] of byQueue) {
        const { rows } = await executeSql(
          `UPDATE ${BOSS_SCHEMA}.job SET state = 'retry', started_on = NULL, start_after = now()
           WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active' RETURNING id`,
          [name, ids],
        );
        count += rows.length;
      }
      running.clear();
      return count;
    },
  };
}
