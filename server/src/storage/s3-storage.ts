import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  StorageNotFoundError,
  type BlobStorage,
  type DeclaredUpload,
  type StoredObjectInfo,
  type UploadTarget,
} from './storage.ts';
import { stableExpiry } from './url-signer.ts';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * An S3-compatible bucket. The browser uploads with a presigned PUT whose signature covers Content-MD5 and
 * Content-Type, so S3 itself refuses bytes that don't match the declared checksum; the API checks the size with
 * a HEAD afterwards. The bucket needs a CORS rule allowing PUT and GET from the app's origin.
 */
export class S3Storage implements BlobStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    const config: S3ClientConfig = {
      region: settings.region ?? 'us-east-1',
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Newer SDKs add CRC32 checksums (and aws-chunked bodies) by default, which a presigned browser PUT
      // cannot send and many S3-compatible servers don't understand; Content-MD5 is our integrity check.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    }
    this.client = new S3Client(config);
    this.bucket = settings.bucket;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /**
   * A single PUT needs its length up front, and a stream's is unknown until it ends: spool it to a temporary
   * file first (memory stays flat; a single PUT takes up to 5 GB, far above an order's print files).
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<{ byteSize: number }> {
    assertSafeKey(key);
    const dir = await mkdtemp(join(tmpdir(), 's3-put-'));
    try {
      const spooled = join(dir, 'body');
      await pipeline(body, createWriteStream(spooled));
      const { size } = await stat(spooled);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(spooled),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return { byteSize: size };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async get(key: string, range?: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }),
      );
      return result.Body as Readable;
    } catch (error) {
      throw isMissing(error) ? new StorageNotFoundError(key) : error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  stream(key: string): Promise<Readable> {
    return this.get(key);
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    const body = await this.get(key, `bytes=0-${length - 1}`);
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= length) break; // a server that ignores Range must not make us read 16 MB
    }
    body.destroy();
    return Buffer.concat(chunks).subarray(0, length);
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const etag = head.ETag?.replaceAll('"', '');
      return {
        byteSize: head.ContentLength ?? 0,
        md5Hex: etag && /^[0-9a-f]{32}$/.test(etag) ? etag : undefined,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      assertSafeKey(key);
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
  }

  async uploadTarget(key: string, upload: DeclaredUpload): Promise<UploadTarget> {
    assertSafeKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: upload.contentType,
      ContentMD5: upload.checksum,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: upload.expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-md5']),
    });
    return { url, headers: { 'Content-Type': upload.contentType, 'Content-MD5': upload.checksum } };
  }

  async readUrl(key: string, contentType: string): Promise<string> {
    assertSafeKey(key);
    const { signedAt, expiresAt } = stableExpiry();
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: contentType });
    return getSignedUrl(this.client, command, {
      signingDate: signedAt,
      expiresIn: expiresAt - Math.floor(signedAt.getTime() / 1000),
    });
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
