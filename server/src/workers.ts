import PgBoss from 'pg-boss';
import { BOSS_SCHEMA } from './jobs/sender.ts';
import type { Database } from './db/database.ts';
import { closeMailTransports, runMailJob, MAIL_QUEUE, type MailJob } from './jobs/mail.ts';
import {
  runStickerUploadMailJob,
  STICKER_UPLOAD_MAIL_QUEUE,
  type StickerUploadMailJob,
} from './sticker-link/notifications.ts';
import { loadConfig, type Config } from './config/index.ts';
import { createStorage } from './storage/index.ts';
import { IMAGE_VARIANTS_QUEUE, runImageVariantsJob, type ImageVariantsJob } from './images/variants-job.ts';
import { uploadsQuiet } from './jobs/upload-activity.ts';
import { FILE_CLEANUP_QUEUE, runFileCleanupJob, type FileCleanupJob } from './images/file-cleanup.ts';
import { runStaleUploadsJob, STALE_UPLOADS_CRON, STALE_UPLOADS_QUEUE } from './images/stale-uploads.ts';
import { runningJobs } from './jobs/running-jobs.ts';
import {
  RENDER_EXPORT_QUEUE,
  renderExportQueueOptions,
  renderExportDeps,
  workRenderExports,
} from './print/render-export-job.ts';
import { workOrderArtifactExports } from './orders/artifact-export.ts';
import { workCoverPreviews } from './albums/cover-preview.ts';
import { workDataExports } from './accounts/data-export.ts';
import { outputProfileOf } from './config/output-profile.ts';
import { INVOICE_MAIL_QUEUE, runInvoiceMailJob, type InvoiceMailJob } from './invoices/invoice-mail-job.ts';

export { BOSS_SCHEMA } from './jobs/sender.ts';

export interface JobQueue {
  boss: PgBoss;
  /**
   * Fetches no new job, gives the running ones `graceMs` to finish and hands the others back to their queues
   * (running-jobs.ts). Answers how many went back; then the process should exit.
   */
  stop(graceMs?: number): Promise<{ handedBack: number }>;
}

/**
 * Starts pg-boss on the app's own database connection (DESIGN.md "Jobs"): through the `db` adapter it runs on
 * PGlite as well as PostgreSQL. With `work` the process also runs the workers (`npm start` does; a web-only
 * instance behind a load balancer would not).
 */
export async function startJobQueue(
  database: Database,
  // `config` defaults to the environment's (what main.ts uses); tests pass theirs (storage location).
  options: { work: boolean; config?: Config },
): Promise<JobQueue> {
  const config = options.config ?? loadConfig();
  const running = runningJobs(database.executeSql);
  const boss = new PgBoss({
    db: { executeSql: running.executeSql },
    schema: BOSS_SCHEMA,
    maintenanceIntervalSeconds: config.jobSuperviseSeconds,
  });
  running.track(boss);
  boss.on('error', (error) => console.error('[jobs]', error));
  await boss.start();
  await boss.createQueue(MAIL_QUEUE);
  await boss.createQueue(STICKER_UPLOAD_MAIL_QUEUE);
  await boss.createQueue(INVOICE_MAIL_QUEUE);
  await boss.createQueue(IMAGE_VARIANTS_QUEUE);
  await boss.createQueue(FILE_CLEANUP_QUEUE);
  await boss.createQueue(STALE_UPLOADS_QUEUE);
  await boss.createQueue(RENDER_EXPORT_QUEUE, {
    name: RENDER_EXPORT_QUEUE,
    ...renderExportQueueOptions(config),
  });
  let closeBrowsers = async () => {};
  if (options.work) {
    const { storage } = createStorage(config);
    const outputProfile = outputProfileOf(config.printOutput);
    // Mail through SMTP_URL when set, else into the outbox table.
    await boss.work<MailJob>(MAIL_QUEUE, async (jobs) => {
      for (const job of jobs)
        await runMailJob({ database, smtpUrl: config.smtpUrl, from: config.mailFrom, storage }, job.data);
    });
    // An issued invoice or credit note to the customer, with its PDF (invoices/invoice-mail-job.ts).
    await boss.work<InvoiceMailJob>(INVOICE_MAIL_QUEUE, async (jobs) => {
      for (const job of jobs) await runInvoiceMailJob({ database, storage, config }, job.data);
    });
    // Sticker link (issue 8): the owner's batched mail about new uploads.
    await boss.work<StickerUploadMailJob>(STICKER_UPLOAD_MAIL_QUEUE, async (jobs) => {
      for (const job of jobs)
        await runStickerUploadMailJob({ db: database.db, boss, publicUrl: config.publicUrl }, job.data);
    });
    // Polled every 0.5 s so variants follow an upload quickly (the figure: ready < 3 s). Several workers
    // (IMAGE_WORKERS) so a burst of sticker link photos gets its faces found on every core; each job first lets
    // the uploads this process is receiving finish (upload-activity.ts).
    for (let i = 0; i < config.imageWorkers; i++) {
      await boss.work<ImageVariantsJob>(
        IMAGE_VARIANTS_QUEUE,
        { pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          for (const job of jobs) {
            await uploadsQuiet();
            await runImageVariantsJob({ database, storage, outputProfile }, job.data);
          }
        },
      );
    }
    // Files of deleted records (images/file-cleanup.ts); a failure throws, and pg-boss retries the job.
    await boss.work<FileCleanupJob>(FILE_CLEANUP_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) await runFileCleanupJob({ database, storage }, job.data);
    });
    // Uploads that never became a record (images/stale-uploads.ts), hourly.
    await boss.schedule(STALE_UPLOADS_QUEUE, STALE_UPLOADS_CRON);
    await boss.work(STALE_UPLOADS_QUEUE, async () => {
      await runStaleUploadsJob({ database, storage });
    });
    // Print exports (issue 7): each worker drives the process's headless Chromium.
    const render = renderExportDeps(database, config);
    closeBrowsers = () => render.browsers.close();
    await workRenderExports(boss, render, config.renderWorkers);
    // The print partner artifact of an order (issue 14) renders with the same browsers.
    await workOrderArtifactExports(boss, { ...render, storage, config });
    // Cover thumbnails (SPEC §3 cover_preview_url) render with the same browsers.
    await workCoverPreviews(boss, { ...render, storage });
    // "Download my data" (issue 24): the account's zip.
    await workDataExports(boss, { database, storage, config });
  }
  return {
    boss,
    stop: async (graceMs = config.shutdownGraceMs) => {
      // Stops every worker's fetching at once; pg-boss's own wait (and its failing what still runs) comes after
      // ours, which has handed those jobs back by then.
      const stopped = new Promise((resolve) => boss.once('stopped', resolve));
      await boss.stop({ graceful: true, wait: false, close: false, timeout: graceMs + 60_000 });
      await running.settled(graceMs);
      if (running.ids().length > 0) {
        // The browsers stay open: closing them would make the running exports fail and record that. The
        // process exits next, and its Chromium with it.
        return { handedBack: await running.handBack() };
      }
      await stopped;
      await closeBrowsers();
      closeMailTransports();
      return { handedBack: 0 };
    },
  };
}
