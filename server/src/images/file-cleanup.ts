/**
 * Stored files go when their records go. Deleting an image, a stock library photo or a whole album (its images,
 * sticker upload photos, AI edit results and exports) deletes the rows first, in the request; the files follow in
 * a job sent after the deletion committed, so a storage failure is retried by pg-boss instead of leaving files
 * behind, and a deletion that rolled back never takes files with it.
 *
 * A file may be shared: a blob backs every record that points at it (an image copied into another album, a stock
 * library photo), and the variants made from it go with it. The job therefore decides at run time, from what is
 * still in the database, and keeps a blob and its variants while any record references them. That makes it safe
 * to run twice (a retry) and safe to send for a blob that turns out to be in use.
 *
 * Known limitation: the job is sent after the commit, not inside the transaction; a process that dies between the
 * two leaves that deletion's files behind.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  albumCoverPreviews,
  blobs,
  images,
  printPhotoCopies,
  renderJobs,
  stockPhotos,
} from '../db/schema.ts';
import type { BlobStorage } from '../storage/index.ts';
import { cmykVariantKey } from './cmyk-variant.ts';
import { blobStorageKey, type ImageRow } from './repository.ts';

export const FILE_CLEANUP_QUEUE = 'file-cleanup';
/** Storage can be down for a while: retry with backoff for about an hour before giving up. */
export const FILE_CLEANUP_SEND_OPTIONS = { retryLimit: 8, retryDelay: 15, retryBackoff: true } as const;

/** The files of deleted records: blobs that may now be unused, and files derived from them (or standalone). */
export interface FileCleanupJob {
  blobIds: string[];
  keys: string[];
}

/** An image's files: its blob and its variants (the print-shop CMYK copies of both go with them, see below). */
export function imageFiles(image: Pick<ImageRow, 'blobId' | 'variants'>): FileCleanupJob {
  return { blobIds: [image.blobId], keys: Object.values(image.variants).map((variant) => variant.key) };
}

/** Files with the CMYK copies that may have been made of them (cmyk-variant.ts names a copy after its source). */
const withCmykCopies = (keys: Iterable<string>) => [...keys].flatMap((key) => [key, cmykVariantKey(key)]);

export function mergeFiles(...parts: FileCleanupJob[]): FileCleanupJob {
  return {
    blobIds: [...new Set(parts.flatMap((part) => part.blobIds))],
    keys: [...new Set(parts.flatMap((part) => part.keys))],
  };
}

/**
 * Everything an album deletion takes with it (its rows cascade): the images of the album, which include sticker
 * upload photos and AI edit results, its export files, its cover preview and the CMYK copies its PDF/X exports made
 * of photos embedded as pixels. Read before the deletion.
 */
export async function collectAlbumFiles(database: Database, albumId: string): Promise<FileCleanupJob> {
  const db = database.db;
  const albumImages = await db
    .select({ blobId: images.blobId, variants: images.variants })
    .from(images)
    .where(eq(images.albumId, albumId));
  const exports = await db
    .select({ fileKey: renderJobs.fileKey })
    .from(renderJobs)
    .where(eq(renderJobs.albumId, albumId));
  const cover = await db
    .select({ key: albumCoverPreviews.storageKey })
    .from(albumCoverPreviews)
    .where(eq(albumCoverPreviews.albumId, albumId));
  const printCopies = await db
    .select({ key: printPhotoCopies.storageKey })
    .from(printPhotoCopies)
    .where(eq(printPhotoCopies.albumId, albumId));
  return mergeFiles(...albumImages.map(imageFiles), {
    blobIds: [],
    keys: [
      ...exports.flatMap((row) => (row.fileKey ? [row.fileKey] : [])),
      ...cover.map((row) => row.key),
      ...printCopies.map((row) => row.key),
    ],
  });
}

export interface FileCleanupDeps {
  database: Database;
  storage: BlobStorage;
}

/**
 * Deletes the job's files that no record references any more: a blob still referenced by an image or a stock
 * photo stays, with every file those records list; the others go, then their blob rows. Throws on a storage
 * failure, so pg-boss retries the whole job (deleting a missing file is fine).
 */
export async function runFileCleanupJob(deps: FileCleanupDeps, job: FileCleanupJob): Promise<void> {
  const db = deps.database.db;
  const blobIds = [...new Set(job.blobIds)];
  const referencing = blobIds.length
    ? await db
        .select({ blobId: images.blobId, variants: images.variants })
        .from(images)
        .where(inArray(images.blobId, blobIds))
    : [];
  const referencingStock = blobIds.length
    ? await db
        .select({ blobId: stockPhotos.blobId, files: stockPhotos.files })
        .from(stockPhotos)
        .where(inArray(stockPhotos.blobId, blobIds))
    : [];
  const inUse = new Set([...referencing, ...referencingStock].map((row) => row.blobId));
  const rows = blobIds.length
    ? await db
        .select({ id: blobs.id, storageKey: blobs.storageKey })
        .from(blobs)
        .where(inArray(blobs.id, blobIds))
    : [];
  const storageKeyOf = (id: string) => rows.find((row) => row.id === id)?.storageKey ?? blobStorageKey(id);
  const kept = new Set<string>(
    withCmykCopies([
      ...[...inUse].map(storageKeyOf),
      ...referencing.flatMap((row) => Object.values(row.variants).map((variant) => variant.key)),
      ...referencingStock.flatMap((row) => Object.values(row.files).map((file) => file.key)),
    ]),
  );
  const unusedRows = rows.filter((row) => !inUse.has(row.id));
  const doomed = new Set(
    withCmykCopies([...job.keys, ...blobIds.filter((id) => !inUse.has(id)).map(storageKeyOf)]),
  );
  const keys = [...doomed].filter((key) => !kept.has(key));
  if (keys.length > 0) await deps.storage.delete(keys);
  // Rows after files: if the storage failed, the retry still finds the blobs to delete.
  if (unusedRows.length > 0) {
    await db.delete(blobs).where(
      inArray(
        blobs.id,
        unusedRows.map((row) => row.id),
      ),
    );
  }
}
