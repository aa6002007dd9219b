/** What the user's own account routes and the back office's share: the data export's and the deletion's views. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { imageServices, scheduleFileCleanup } from '../images/service.ts';
import type { BlobStorage } from '../storage/index.ts';
import type { DataExportRow } from './data-export.ts';

export const dataExportSchema = z.object({
  state: z.enum(['none', 'working', 'finished', 'error']),
  progress: z.number().int(),
  /** A signed link to the zip, handed only to the account (or an admin) through this authorised route. */
  blob_url: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  created_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

export const deletionPlanSchema = z.object({
  confirm_with: z.enum(['password', 'email']),
  shared_albums: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      members: z.array(z.object({ id: z.string(), email: z.string(), nickname: z.string().nullable() })),
    }),
  ),
});

export const sharedAlbumDecisions = z
  .array(
    z.discriminatedUnion('action', [
      z.strictObject({ album_id: z.string().max(64), action: z.literal('delete') }),
      z.strictObject({
        album_id: z.string().max(64),
        action: z.literal('hand_over'),
        new_owner_id: z.uuid(),
      }),
    ]),
  )
  .max(1_000)
  .default([]);

/** What deleting an account needs from the app (delete-account.ts). */
export const deletionDeps = (app: FastifyInstance) => ({
  database: app.ctx.database,
  realtime: app.realtime,
  accounts: app.ctx.accounts,
  cleanUpFiles: (files: Parameters<typeof scheduleFileCleanup>[1]) =>
    scheduleFileCleanup(imageServices(app), files),
});

export async function dataExportView(storage: BlobStorage, row: DataExportRow | undefined) {
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
