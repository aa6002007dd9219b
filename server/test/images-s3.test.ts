import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { S3Storage } from '../src/storage/index.ts';
import { bearer, createAlbum, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  createImage,
  declare,
  photo,
  waitForVariants,
  type Uploaded,
} from './fixtures/images/upload-client.ts';

/**
 * The S3 storage against s3rver, an S3-compatible server from npm, on 127.0.0.1: the browser's presigned PUT
 * (with Content-MD5 in the signature), the API's checks, variants written by the worker, presigned GETs.
 */
describe('image storage on S3', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let t: TestApp;
  let jobs: JobQueue;
  let token: string;
  let albumId: string;
  const bucket = 'stickerbook-test';

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'sb-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: bucket }],
    });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    // s3rver accepts the fixed key pair S3RVER / S3RVER.
    t = await startTestApp('pglite', {
      dataDir: s3Dir,
      s3: {
        bucket,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
    });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    token = (await signUp(t.app)).access_token;
    albumId = (await createAlbum(t.app, token)).id;
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('hands out a presigned PUT that stores the bytes in the bucket, then makes variants there', async () => {
    const bytes = await photo(1600, 1200);
    const upload = (await declare(t.app, token, bytes)).json() as Uploaded;
    expect(upload.upload_url.startsWith(`${endpoint}/${bucket}/blobs/${upload.blob_id}?`)).toBe(true);
    const put = await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: bytes });
    expect(put.status).toBe(200);

    const created = await createImage(t.app, token, albumId, upload.blob_id);
    expect(created.statusCode).toBe(201);
    const done = await waitForVariants(t.app, token, created.json().id);
    expect(done.state).toBe('finished');
    expect(done.dimensions.medium).toEqual({ width: 1200, height: 900 });

    const medium = await fetch(done.blob.medium);
    expect(medium.status).toBe(200);
    expect(medium.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(Buffer.from(await medium.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([1200, 900]);
    const original = Buffer.from(await (await fetch(done.blob.original)).arrayBuffer());
    expect(original.equals(bytes)).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/images/${done.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    // The files leave the bucket in the file cleanup job.
    await expect
      .poll(async () => (await fetch(done.blob.medium)).status, { timeout: 20_000, interval: 200 })
      .toBe(404);
  }, 30_000);

  it('refuses to make a record of bytes that do not match the declared checksum', async () => {
    const bytes = await photo(300, 200);
    const upload = (await declare(t.app, token, bytes)).json() as Uploaded;
    // Real S3 already answers this PUT with 400 BadDigest (Content-MD5 is signed); s3rver stores it, so the
    // API's own check of the ETag is what is tested here.
    await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: await photo(300, 200) });
    const created = await createImage(t.app, token, albumId, upload.blob_id);
    expect(created.statusCode).toBe(422);
    expect(created.json().error.code).toBe('UPLOAD_CHECKSUM_MISMATCH');
  });

  it('refuses to make a record before the bytes are in the bucket', async () => {
    const bytes = await photo(100, 100);
    const upload = (await declare(t.app, token, bytes)).json() as Uploaded;
    const created = await createImage(t.app, token, albumId, upload.blob_id);
    expect(created.statusCode).toBe(409);
    expect(created.json().error.code).toBe('UPLOAD_INCOMPLETE');
  });

  it('checks the content of an S3 upload like a local one', async () => {
    const text = Buffer.from('not a picture, only text. '.repeat(10));
    const upload = (
      await declare(t.app, token, text, { content_type: 'image/png', filename: 'x.png' })
    ).json() as Uploaded;
    await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: text });
    const created = await createImage(t.app, token, albumId, upload.blob_id);
    expect(created.statusCode).toBe(422);
    expect(created.json().error.code).toBe('IMAGE_TYPE_NOT_ALLOWED');
    // The refused upload is gone from the bucket.
    const storage = new S3Storage({
      bucket,
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect(await storage.stat(`blobs/${upload.blob_id}`)).toBeUndefined();
    storage.destroy();
  });
});
