import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { serveBackupSocket, type BackupSocket } from './backup/backup-socket.ts';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { openDatabase } from './db/database.ts';
import { terminalLogStream } from './http/terminal-logs.ts';
import { startJobQueue } from './workers.ts';
import { sendEditorsAway } from './realtime/index.ts';
import { hasBlueprints } from './blueprints/repository.ts';
import { fillDemoAlbum } from './seeds/demo-content.ts';
import { runSeeds } from './seeds/index.ts';
import { seedStockLibrary } from './seeds/stock-library.ts';
import { createStorage } from './storage/index.ts';

/**
 * `npx tsx server/src/main.ts` serves the API, the SPA and runs the job workers in one process;
 * `--worker-only` runs just the workers and `--api-only` just the API (scale-out, DESIGN.md "Jobs": API
 * instances behind a load balancer, render workers on machines of their own).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const workerOnly = process.argv.includes('--worker-only');
  const apiOnly = process.argv.includes('--api-only');
  if (workerOnly && !config.databaseUrl) {
    // PGlite is in-process: a second process cannot open the same data directory.
    console.error('--worker-only needs DATABASE_URL (a PostgreSQL server shared with the API instances)');
    process.exit(1);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // A first start seeds before serving, so the first visitor finds the templates; later starts serve at once
  // and refresh the seed data alongside (the upserts are idempotent).
  const seeding = runSeeds(database.db, config).then((seeded) => {
    if (seeded.generatedAdminPassword) {
      // Printed once: the next start finds the account and generates nothing.
      console.log(
        `\n  Admin account created: ${config.adminEmail} / ${seeded.generatedAdminPassword}\n  (shown only this once)\n`,
      );
    }
  });
  if (!(await hasBlueprints(database.db))) await seeding;

  // The embedded database can only be dumped by this process: `npm run backup` asks it over DATA_DIR/backup.sock.
  let backupSocket: BackupSocket | undefined;
  if (database.driver === 'pglite') {
    backupSocket = await serveBackupSocket(database, config.dataDir).catch((error: unknown) => {
      console.error(`Backups need the server stopped: no backup socket in ${config.dataDir}:`, error);
      return undefined;
    });
  }

  let app: FastifyInstance | undefined;
  if (!workerOnly) {
    app = await buildApp(config, { database, logStream: terminalLogStream() });
    await app.listen({ port: config.port, host: config.host });
  } else {
    console.log('Worker-only mode: running jobs, not serving HTTP');
  }
  await seeding;
  const background: Array<Promise<unknown>> = [];
  if (!config.pexelsApiKey && config.seedStockLibrary && !workerOnly) {
    // The stock tab's library when there is no Pexels key; drawn and stored in the background (some seconds).
    background.push(
      seedStockLibrary(database.db, createStorage(config).storage).catch((error: unknown) =>
        console.error('stock library not seeded', error),
      ),
    );
  }
  const jobs = await startJobQueue(database, { work: !apiOnly, config });
  if (app && config.appEnv === 'development') {
    // Sample stickers for the demo album; the portraits' variants are made by the workers started above.
    background.push(
      fillDemoAlbum(app).catch((error: unknown) => app?.log.warn({ err: error }, 'demo album not filled')),
    );
  }
  // Said once the sample data a first start writes is stored (its photos' variants may still be in the works).
  void Promise.all(background).then(() => console.log('Sample data ready'));

  let stopping = false;
  /**
   * Issue 24 item 3, a restart that loses nothing:
   * 1. GET /ready answers 503 (the load balancer stops sending traffic), editors are told SERVER_SHUTDOWN and
   *    reconnect elsewhere (or to our successor) with their unacknowledged edits, and no new job is fetched.
   * 2. Running jobs get SHUTDOWN_GRACE_MS to finish; those that do not are handed back to their queue
   *    (jobs/running-jobs.ts). HTTP keeps answering meanwhile: an export renders pages this server serves.
   * 3. The HTTP server takes no new request, finishes those in flight, folds the open albums and closes the
   *    database (app.close()).
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    // A second signal, or a hang, must not keep the process alive forever.
    const forceExit = setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000).unref();
    try {
      if (app) {
        app.ctx.lifecycle.draining = true;
        sendEditorsAway(app.realtime);
      }
      await backupSocket?.close();
      const { handedBack } = await jobs.stop(config.shutdownGraceMs);
      if (handedBack > 0) console.log(`${handedBack} running job(s) handed back to the queue`);
      // app.close() waits for in-flight requests, then closes the database (onClose hook).
      if (app) await app.close();
      else await database.close();
    } finally {
      clearTimeout(forceExit);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
