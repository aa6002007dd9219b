/** What the user's own account routes and the back office's share: the data export's view and the deletion's deps. */
import type { FastifyInstance } from 'fastify';
import type { DataExportView } from '@stickerbook/api';
import { imageServices, scheduleFileCleanup } from '../images/service.ts';
import type { BlobStorage } from '../storage/index.ts';
import type { DataExportRow } from './data-export.ts';

/** What deleting an account needs from the app (delete-account.ts). */
export const deletionDeps = (app: FastifyInstance) => ({
  database: app.ctx.database,
  realtime: app.realtime,
  accounts: app.ctx.accounts,
  cleanUpFiles: (files: Parameters<typeof scheduleFileCleanup>[1]) =>
    scheduleFileCleanup(imageServices(app), files),
});

export async function dataExportView(
  storage: BlobStorage,
  row: DataExportRow | undefined,
): Promise<DataExportView> {
  return {
    state: row?.state ?? ('none' as const),
    progress: row?.progress ?? 0,
    blob_url:
      row?.state === 'finished' && row.storageKey
        ? await storage.readUrl(row.storageKey, 'application/zip')
        : null,
    byte_size: row?.byteSize ?? null,
    created_at: row?.createdAt.toISOString() ?? null,
    finished_at: row?.finishedAt?.toISOString() ?? null,
  };
}
