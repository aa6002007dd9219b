import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import {
  assertSafeKey,
  StorageNotFoundError,
  type BlobStorage,
  type DeclaredUpload,
  type StoredObjectInfo,
  type UploadTarget,
} from './storage.ts';
import { fileMd5Base64 } from './file-md5.ts';
import { stableExpiry, type UrlSigner } from './url-signer.ts';

/** URL paths of the routes that serve this storage (images/direct-upload-routes.ts). */
export const LOCAL_UPLOAD_PATH = '/api/v1/blobs/';
export const LOCAL_FILES_PATH = '/api/v1/files/';

export type ReceiveResult =
  { ok: true } | { ok: false; code: 'UPLOAD_SIZE_MISMATCH' | 'UPLOAD_CHECKSUM_MISMATCH' };

/** Files under a directory (DATA_DIR/blobs); the folder is created on the first write. */
export class LocalStorage implements BlobStorage {
  readonly kind = 'local';

  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temporary, body);
    await rename(temporary, target);
  }

  async putStream(key: string, body: Readable): Promise<{ byteSize: number }> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(temporary));
      const { size } = await stat(temporary);
      await rename(temporary, target);
      return { byteSize: size };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Streams an upload to the key while counting it, then hashes it in a worker thread (file-md5.ts); the file only
   * appears under its key when the byte count and MD5 match what the client declared. More bytes than declared
   * stop the upload early.
   */
  async receive(
    key: string,
    body: Readable,
    declared: { byteSize: number; checksum: string },
  ): Promise<ReceiveResult> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > declared.byteSize) return done(new UploadTooLongError());
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(temporary));
    } catch (error) {
      await rm(temporary, { force: true });
      if (error instanceof UploadTooLongError) return { ok: false, code: 'UPLOAD_SIZE_MISMATCH' };
      throw error;
    }
    if (received !== declared.byteSize) {
      await rm(temporary, { force: true });
      return { ok: false, code: 'UPLOAD_SIZE_MISMATCH' };
    }
    let md5: string;
    try {
      md5 = await fileMd5Base64(temporary);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    if (md5 !== declared.checksum) {
      await rm(temporary, { force: true });
      return { ok: false, code: 'UPLOAD_CHECKSUM_MISMATCH' };
    }
    await rename(temporary, target);
    return { ok: true };
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      throw notFoundOr(error, key);
    }
  }

  async stream(key: string): Promise<Readable> {
    const path = this.path(key);
    await this.statOrThrow(key);
    return createReadStream(path);
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    let handle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (error) {
      throw notFoundOr(error, key);
    }
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const info = await stat(this.path(key));
      return { byteSize: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private async statOrThrow(key: string): Promise<void> {
    if (!(await this.stat(key))) throw new StorageNotFoundError(key);
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.path(key), { force: true })));
  }

  async uploadTarget(_key: string, upload: DeclaredUpload): Promise<UploadTarget> {
    const path = LOCAL_UPLOAD_PATH + upload.blobId;
    const params = uploadUrlParams({
      exp: String(Math.floor(Date.now() / 1000) + upload.expiresInSeconds),
      byteSize: upload.byteSize,
      checksum: upload.checksum,
    });
    const sig = this.signer.sign('PUT', path, params);
    return {
      url: `${path}?${new URLSearchParams({ ...params, sig })}`,
      headers: { 'Content-Type': upload.contentType, 'Content-MD5': upload.checksum },
    };
  }

  async readUrl(key: string, contentType: string): Promise<string> {
    assertSafeKey(key);
    const path = LOCAL_FILES_PATH + key;
    const params = { ct: contentType, exp: String(stableExpiry().expiresAt) };
    const sig = this.signer.sign('GET', path, params);
    return `${path}?ct=${encodeURIComponent(params.ct)}&exp=${params.exp}&sig=${sig}`;
  }
}

/**
 * What an upload URL signs besides the path: its expiry and the declared size and MD5, so the upload route can
 * check the body against them without looking the blob up first.
 */
function uploadUrlParams(declared: { exp: string; byteSize: number; checksum: string }) {
  return { exp: declared.exp, n: String(declared.byteSize), md5: declared.checksum };
}

class UploadTooLongError extends Error {}

function notFoundOr(error: unknown, key: string): unknown {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' ? new StorageNotFoundError(key) : error;
}
