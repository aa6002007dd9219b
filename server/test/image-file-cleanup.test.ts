/**
 * Stored files go when their records go (images/file-cleanup.ts), seen on the local storage's directory: deleting
 * an album removes its images' uploads and variants (sticker photos included) through the cleanup job, a file
 * another record still references stays, and a storage failure leaves the job to be retried.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs, images } from '../src/db/schema.ts';
import { cmykVariantKey } from '../src/images/cmyk-variant.ts';
import { runFileCleanupJob } from '../src/images/file-cleanup.ts';
import { findImage, insertImage } from '../src/images/repository.ts';
import { runStaleUploadsJob } from '../src/images/stale-uploads.ts';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { createStorage, type BlobStorage } from '../src/storage/index.ts';
import {
  declare,
  photo,
  putLocal,
  uploadImage,
  waitForVariants,
  type Uploaded,
} from './fixtures/images/upload-client.ts';
import {
  bearer,
  createAlbum,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('stored files of deleted records on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  let dataDir: string;
  let owner: { access_token: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-cleanup-'));
    t = await startTestApp(kind, { dataDir });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    owner = await signUp(t.app);
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Where the local storage keeps a key. */
  const onDisk = (key: string) => join(dataDir, 'blobs', key);

  /** An uploaded image with its variants made; returns its row (blob id, variant keys). */
  async function uploaded(albumId: string, model: 'image' | 'sticker' = 'image') {
    const response = await uploadImage(t.app, owner.access_token, albumId, await photo(1600, 1200), {
      model,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect((await waitForVariants(t.app, owner.access_token, id)).state).toBe('finished');
    return (await findImage(t.database.db, id))!;
  }

  const filesOf = (row: { blobId: string; variants: Record<string, { key: string } | undefined> }) => [
    onDisk(`blobs/${row.blobId}`),
    ...Object.values(row.variants).map((variant) => onDisk(variant!.key)),
  ];

  const deleteAlbum = (albumId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/albums/${albumId}`, headers: bearer(owner.access_token) });

  const blobRow = async (id: string) => (await t.database.db.select().from(blobs).where(eq(blobs.id, id)))[0];

  it('removes the uploads and every variant of an album’s images, sticker photos too, after the album is deleted', async () => {
    const albumId = (await createAlbum(t.app, owner.access_token)).id;
    const rows = [await uploaded(albumId), await uploaded(albumId, 'sticker')];
    const files = rows.flatMap(filesOf);
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files.every((file) => existsSync(file))).toBe(true);

    expect((await deleteAlbum(albumId)).statusCode).toBe(204);
    await expect
      .poll(() => files.filter((file) => existsSync(file)), { timeout: 30_000, interval: 200 })
      .toEqual([]);
    // The job deletes the rows after the files (so a storage failure leaves them for the retry): wait for them too.
    await expect
      .poll(async () => (await Promise.all(rows.map((row) => blobRow(row.blobId)))).filter(Boolean), {
        timeout: 30_000,
        interval: 200,
      })
      .toEqual([]);
  }, 60_000);

  it('keeps a file that another record still references until that record goes too', async () => {
    const albumId = (await createAlbum(t.app, owner.access_token)).id;
    const copyAlbumId = (await createAlbum(t.app, owner.access_token)).id;
    const shared = await uploaded(albumId);
    const unshared = await uploaded(albumId);
    // The copy of an album refers to the same upload and variants, as a copied album or template would.
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = shared;
    const copy = await insertImage(t.database.db, { ...fields, albumId: copyAlbumId });

    expect((await deleteAlbum(albumId)).statusCode).toBe(204);
    // The same job handles both images: once the unshared one's files are gone, it has run.
    await expect
      .poll(() => filesOf(unshared).filter((file) => existsSync(file)), { timeout: 30_000, interval: 200 })
      .toEqual([]);
    expect(filesOf(shared).every((file) => existsSync(file))).toBe(true);
    expect(await blobRow(shared.blobId)).toBeDefined();
    // The copy still shows its picture.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/images/${copy.id}`,
      headers: bearer(owner.access_token),
    });
    expect((await t.app.inject({ method: 'GET', url: view.json().blob.small })).statusCode).toBe(200);

    expect((await deleteAlbum(copyAlbumId)).statusCode).toBe(204);
    await expect
      .poll(() => filesOf(shared).filter((file) => existsSync(file)), { timeout: 30_000, interval: 200 })
      .toEqual([]);
    await expect.poll(() => blobRow(shared.blobId), { timeout: 30_000, interval: 200 }).toBeUndefined();
  }, 60_000);

  it('removes a deleted image’s files but leaves the album’s other images alone', async () => {
    const albumId = (await createAlbum(t.app, owner.access_token)).id;
    const [gone, stays] = [await uploaded(albumId), await uploaded(albumId)];
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/images/${gone.id}`,
      headers: bearer(owner.access_token),
    });
    expect(deleted.statusCode).toBe(204);
    await expect
      .poll(() => filesOf(gone).filter((file) => existsSync(file)), { timeout: 30_000, interval: 200 })
      .toEqual([]);
    expect(filesOf(stays).every((file) => existsSync(file))).toBe(true);
  }, 60_000);

  it('keeps the blob rows when the storage fails, so the retried job still finds the files', async () => {
    const albumId = (await createAlbum(t.app, owner.access_token)).id;
    const row = await uploaded(albumId);
    await t.database.db.delete(images).where(eq(images.id, row.id));
    const deletedKeys: string[][] = [];
    const failing = {
      delete: async () => {
        throw new Error('storage unavailable');
      },
    } as unknown as BlobStorage;
    const working = {
      delete: async (keys: readonly string[]) => {
        deletedKeys.push([...keys]);
      },
    } as unknown as BlobStorage;
    const job = { blobIds: [row.blobId], keys: Object.values(row.variants).map((v) => v!.key) };

    await expect(runFileCleanupJob({ database: t.database, storage: failing }, job)).rejects.toThrow(
      'storage unavailable',
    );
    expect(await blobRow(row.blobId)).toBeDefined();
    await runFileCleanupJob({ database: t.database, storage: working }, job);
    // Every file with the print-shop CMYK copy that may have been made of it (images/cmyk-variant.ts).
    const files = [...new Set([`blobs/${row.blobId}`, ...job.keys])];
    expect(deletedKeys[0].sort()).toEqual(files.flatMap((key) => [key, cmykVariantKey(key)]).sort());
    expect(await blobRow(row.blobId)).toBeUndefined();
  }, 60_000);

  it('deletes uploads that never became a record once they are a day old, and nothing else', async () => {
    const albumId = (await createAlbum(t.app, owner.access_token)).id;
    const bytes = await photo(300, 200);
    const declareOnly = async () => (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
    const abandoned = await declareOnly();
    const neverSent = await declareOnly();
    expect((await putLocal(t.app, neverSent, bytes)).statusCode).toBe(200);
    const recent = await declareOnly();
    expect((await putLocal(t.app, recent, bytes)).statusCode).toBe(200);
    const used = await uploaded(albumId);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.database.db
      .update(blobs)
      .set({ createdAt: dayAgo })
      .where(inArray(blobs.id, [abandoned.blob_id, neverSent.blob_id, used.blobId]));
    expect(existsSync(onDisk(`blobs/${neverSent.blob_id}`))).toBe(true);

    await runStaleUploadsJob({ database: t.database, storage: createStorage(t.config).storage });

    expect(await blobRow(abandoned.blob_id)).toBeUndefined();
    expect(await blobRow(neverSent.blob_id)).toBeUndefined();
    expect(existsSync(onDisk(`blobs/${neverSent.blob_id}`))).toBe(false);
    // A fresh upload may still be sent; an old one that became an image is the image's.
    expect(await blobRow(recent.blob_id)).toBeDefined();
    expect(existsSync(onDisk(`blobs/${recent.blob_id}`))).toBe(true);
    expect(await blobRow(used.blobId)).toBeDefined();
    expect(filesOf(used).every((file) => existsSync(file))).toBe(true);
  }, 60_000);
});
