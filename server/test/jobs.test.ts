import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema.ts';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('job queue on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  beforeAll(async () => {
    t = await startTestApp(kind);
    jobs = await startJobQueue(t.database, { work: true });
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('runs a queued mail job into the outbox', async () => {
    await jobs.boss.send(MAIL_QUEUE, { to: 'ada@example.com', subject: 'Welcome', text: 'Hello' });
    for (let waited = 0; waited < 10_000; waited += 200) {
      const rows = await t.database.db.select().from(outboxMails);
      if (rows.length > 0) {
        expect(rows[0]).toMatchObject({ to: 'ada@example.com', subject: 'Welcome' });
        return;
      }
      await sleep(200);
    }
    throw new Error('the mail job never ran');
  });
});
