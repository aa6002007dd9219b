/**
 * A SIGTERM's job hand-back (jobs/running-jobs.ts, issue 24 item 3): a job still running when the grace period
 * ends goes back to its queue without spending an attempt, the next process runs it, and the process that
 * let go of it can no longer complete or fail it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA, startJobQueue, type JobQueue } from '../src/workers.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const QUEUE = 'handback-test';

async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (await done()) return;
    await sleep(100);
  }
  throw new Error(`never: ${what}`);
}

describe.each(DATABASE_KINDS)('handing running jobs back on %s', (kind) => {
  let t: TestApp;
  let second: JobQueue | undefined;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await second?.stop(0);
    await t?.close();
  });

  const jobRow = async (id: string) => {
    const { rows } = await t.database.executeSql(
      `SELECT state, retry_count, started_on FROM ${BOSS_SCHEMA}.job WHERE id = $1`,
      [id],
    );
    return rows[0] as { state: string; retry_count: number; started_on: Date | null };
  };

  it('lets a job finish within the grace period', async () => {
    const jobs = await startJobQueue(t.database, { work: false, config: t.config });
    await jobs.boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0 });
    let finished = false;
    await jobs.boss.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      await sleep(1_500);
      finished = true;
    });
    const id = (await jobs.boss.send(QUEUE, {}))!;
    await until('the job runs', async () => (await jobRow(id)).state === 'active');
    expect(await jobs.stop(10_000)).toEqual({ handedBack: 0 });
    expect(finished).toBe(true);
    expect((await jobRow(id)).state).toBe('completed');
  });

  it('hands back what outlasts the grace period; the next process runs it as a first attempt', async () => {
    const first = await startJobQueue(t.database, { work: false, config: t.config });
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    await first.boss.work(QUEUE, { pollingIntervalSeconds: 0.5 }, () => stuck);
    // No retries: pg-boss's own stop would fail this job for good.
    const id = (await first.boss.send(QUEUE, { n: 1 }))!;
    await until('the job runs', async () => (await jobRow(id)).state === 'active');

    expect(await first.stop(200)).toEqual({ handedBack: 1 });
    expect(await jobRow(id)).toMatchObject({ state: 'retry', retry_count: 0, started_on: null });
    // The first process's handler ends later: its completion must not reach the handed-back row.
    release();
    await sleep(500);
    expect((await jobRow(id)).state).toBe('retry');

    second = await startJobQueue(t.database, { work: false, config: t.config });
    const ran: unknown[] = [];
    await second.boss.work<{ n: number }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      ran.push(job!.data);
    });
    await until('the second process runs it', async () => (await jobRow(id)).state === 'completed');
    expect(ran).toEqual([{ n: 1 }]);
    expect((await jobRow(id)).retry_count).toBe(0);
  });
});
