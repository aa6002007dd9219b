/**
 * Uploads that never became a record: a file declared and abandoned (the tab closed mid-upload), or uploaded and
 * never sent (a contributor who left the sticker link form before "Send"). Their upload URL expires after an
 * hour and nobody can reach them; once a day old, an hourly job deletes their files and rows through the file
 * cleanup (file-cleanup.ts), which keeps anything a record still references.
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import { blobs } from '../db/schema.ts';
import { runFileCleanupJob, type FileCleanupDeps } from './file-cleanup.ts';

export const STALE_UPLOADS_QUEUE = 'stale-uploads';
/** Every hour, at a minute of its own. */
export const STALE_UPLOADS_CRON = '41 * * * *';
/** Long past the upload URL's hour, and any form a contributor might have left open before sending. */
const STALE_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
/** Per run; a backlog is worked off hour by hour. */
const BATCH = 500;

/** Deletes the files and rows of unattached uploads older than a day; answers how many went. */
export async function runStaleUploadsJob(deps: FileCleanupDeps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  const stale = await db
    .select({ id: blobs.id })
    .from(blobs)
    .where(
      and(
        inArray(blobs.state, ['pending', 'uploaded']),
        lt(blobs.createdAt, new Date(now.getTime() - STALE_UPLOAD_AGE_MS)),
        sql`not exists (select 1 from images where images.blob_id = ${blobs.id})`,
        sql`not exists (select 1 from stock_photos where stock_photos.blob_id = ${blobs.id})`,
      ),
    )
    .limit(BATCH);
  if (stale.length === 0) return 0;
  await runFileCleanupJob(deps, { blobIds: stale.map((row) => row.id), keys: [] });
  return stale.length;
}
