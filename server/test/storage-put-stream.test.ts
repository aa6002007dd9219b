import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, S3Storage, UrlSigner, type BlobStorage } from '../src/storage/index.ts';

/** A stream that yields `parts` and then, if asked, fails: like a zip being built from files on disk. */
function source(parts: Buffer[], failWith?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (const part of parts) yield part;
      if (failWith) throw failWith;
    })(),
  );
}

describe('storage putStream (writes of unknown length, such as order artifacts)', () => {
  let dir: string;
  let s3: S3rver;
  const stores: Array<[string, BlobStorage]> = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-put-stream-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(dir, 's3'),
      configureBuckets: [{ name: 'artifacts' }],
    });
    const address = await s3.run();
    stores.push([
      'local',
      new LocalStorage(join(dir, 'blobs'), new UrlSigner('put-stream-test-secret-long-enough')),
    ]);
    stores.push([
      's3',
      new S3Storage({
        bucket: 'artifacts',
        endpoint: `http://127.0.0.1:${address.port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const [, store] of stores) (store as { destroy?: () => void }).destroy?.();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['local', 's3'])('stores every byte of the stream and reports its size (%s)', async (kind) => {
    const store = stores.find(([name]) => name === kind)![1];
    const parts = [randomBytes(64 * 1024), randomBytes(300_000), randomBytes(7)];
    const { byteSize } = await store.putStream('artifacts/a/artifact.zip', source(parts), 'application/zip');
    const expected = Buffer.concat(parts);
    expect(byteSize).toBe(expected.length);
    expect((await store.read('artifacts/a/artifact.zip')).equals(expected)).toBe(true);
  });

  it.each(['local', 's3'])('leaves nothing under the key when the stream fails (%s)', async (kind) => {
    const store = stores.find(([name]) => name === kind)![1];
    await expect(
      store.putStream(
        'artifacts/b/artifact.zip',
        source([randomBytes(50_000)], new Error('source broke')),
        'application/zip',
      ),
    ).rejects.toThrow(/source broke/);
    expect(await store.stat('artifacts/b/artifact.zip')).toBeUndefined();
  });
});
