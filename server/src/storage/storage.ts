import type { Readable } from 'node:stream';

/**
 * Where files live (DESIGN.md "Server > Files"): a local directory by default, an S3-compatible bucket when the
 * S3_* settings are given. Keys are relative paths of safe characters (`blobs/<id>`, `images/<id>/small.jpg`).
 * Uploads go straight to storage: `uploadTarget` tells the browser where to PUT the bytes.
 */
export interface BlobStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a stream of unknown length (an artifact zip being built) without holding it in memory. The key shows
   * the file only once it is complete; a failing stream leaves nothing behind.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<{ byteSize: number }>;
  /** The whole file; throws StorageNotFoundError when missing. */
  read(key: string): Promise<Buffer>;
  /** A stream of the file; throws StorageNotFoundError when missing. */
  stream(key: string): Promise<Readable>;
  /** The first `length` bytes (or fewer for a shorter file): enough to sniff the type and read the header. */
  readHead(key: string, length: number): Promise<Buffer>;
  /** Size and, where the store knows it, the MD5 of the content; undefined when missing. */
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** Deletes the keys; missing ones are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Where and how the browser uploads the declared bytes of a blob (signed local route or presigned S3 PUT). */
  uploadTarget(key: string, upload: DeclaredUpload): Promise<UploadTarget>;
  /** A URL the browser can GET the file from without a bearer token. */
  readUrl(key: string, contentType: string): Promise<string>;
}

export interface StoredObjectInfo {
  byteSize: number;
  /** Hex MD5 of the content, when the store can tell (S3 ETag of a single-part upload). */
  md5Hex?: string;
}

export interface DeclaredUpload {
  blobId: string;
  byteSize: number;
  /** Base64 MD5, as in the Content-MD5 header. */
  checksum: string;
  contentType: string;
  expiresInSeconds: number;
}

export interface UploadTarget {
  url: string;
  /** Headers the PUT must carry exactly (they are part of the signature). */
  headers: Record<string, string>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[a-z0-9]{1,5})?$/;

/** Keys are built by our code from random ids; this refuses anything that could escape a folder or bucket. */
export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 300) throw new Error(`Unsafe storage key: ${key}`);
}
