import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';

/** pg-boss keeps its tables in their own schema, apart from Drizzle's migrations. */
export const BOSS_SCHEMA = 'pgboss';

/**
 * How requests hand work to the job workers (image variants, file cleanup, mails, print exports): one pg-boss per
 * app for sending, on the app's own database connection, started on the first job so apps that never send one
 * (most tests) never touch pg-boss. It only sends: the workers run wherever startJobQueue({ work: true }) runs
 * (main.ts, or a worker-only process). Each queue is created once, on its first job.
 */
export interface JobSender {
  send(
    queue: string,
    data: object,
    options?: PgBoss.SendOptions,
    queueOptions?: Omit<PgBoss.Queue, 'name'>,
  ): Promise<void>;
  /**
   * Starts pg-boss and makes the queue, once. Before a `send` with `options.db` (the caller's transaction): the
   * send then writes only the job's row, in that transaction.
   */
  ready(queue: string, queueOptions?: Omit<PgBoss.Queue, 'name'>): Promise<void>;
  close(): Promise<void>;
}

const senders = new WeakMap<Database, JobSender>();

export function jobSender(database: Database): JobSender {
  let sender = senders.get(database);
  if (!sender) {
    sender = startSender(database);
    senders.set(database, sender);
  }
  return sender;
}

function startSender(database: Database): JobSender {
  let boss: Promise<PgBoss> | undefined;
  const queues = new Map<string, Promise<void>>();
  const started = () => {
    boss ??= (async () => {
      const instance = new PgBoss({
        db: { executeSql: database.executeSql },
        schema: BOSS_SCHEMA,
        supervise: false,
        schedule: false,
      });
      instance.on('error', (error) => console.error('[jobs]', error));
      await instance.start();
      return instance;
    })().catch((error: unknown) => {
      // A database that was unreachable at the first job may answer at the next.
      boss = undefined;
      throw error;
    });
    return boss;
  };
  const queue = (instance: PgBoss, name: string, options?: Omit<PgBoss.Queue, 'name'>) => {
    let created = queues.get(name);
    if (!created) {
      created = instance.createQueue(name, { name, ...options }).catch((error: unknown) => {
        queues.delete(name);
        throw error;
      });
      queues.set(name, created);
    }
    return created;
  };
  return {
    async send(name, data, options, queueOptions) {
      const instance = await started();
      await queue(instance, name, queueOptions);
      await instance.send(name, data, options ?? {});
    },
    async ready(name, queueOptions) {
      await queue(await started(), name, queueOptions);
    },
    async close() {
      senders.delete(database);
      if (boss) await (await boss.catch(() => undefined))?.stop({ graceful: false, wait: true });
    },
  };
}
