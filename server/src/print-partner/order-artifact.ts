import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import yazl from 'yazl';
import { AppError } from '../http/errors.ts';
import type { BlobStorage } from '../storage/index.ts';

/**
 * The print partner's package for one order (issue 14 "Artifact export"): the print PDFs, the order JSON and a
 * manifest.json with the size and SHA-256 of every other file, in one zip written straight to storage.
 *
 * Nothing is held in memory: each file is read once, hashed on its way into the zip, and the zip is hashed on its
 * way to storage. manifest.json comes last because only then are the hashes known; the partner's tooling reads
 * the central directory anyway. PDFs and images are stored, not deflated: they are compressed inside already.
 */
export interface ArtifactFile {
  /** The name inside the zip: a plain file name, e.g. `album_softcover_inside.pdf`. */
  name: string;
  /** A local file, or a function that opens the stream (called only when the zip gets to this file). */
  path?: string;
  stream?: () => Readable | Promise<Readable>;
}

export interface ArtifactTarget {
  storage: BlobStorage;
  key: string;
}

interface ArtifactManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

interface ArtifactManifest {
  format: 'stickerbook-order-artifact';
  version: 1;
  createdAt: string;
  files: ArtifactManifestEntry[];
}

export interface BuiltArtifact {
  key: string;
  /** Size and SHA-256 of the zip itself: what the transfer verifies on the partner's server. */
  byteSize: number;
  sha256: string;
  manifest: ArtifactManifest;
}

export interface ArtifactProgress {
  file: string;
  filesDone: number;
  filesTotal: number;
  zipBytes: number;
}

const ORDER_JSON_NAME = 'order.json';
const MANIFEST_NAME = 'manifest.json';
const ALREADY_COMPRESSED = /\.(pdf|jpe?g|png|webp|zip|gz)$/i;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

export async function buildOrderArtifact(
  files: readonly ArtifactFile[],
  orderJson: unknown,
  out: ArtifactTarget,
  onProgress?: (progress: ArtifactProgress) => void,
): Promise<BuiltArtifact> {
  checkNames(files);
  const createdAt = new Date();
  const zip = new yazl.ZipFile();
  const entries: ArtifactManifestEntry[] = [];
  const filesTotal = files.length + 2;
  let zipBytes = 0;
  const report = (file: string) => onProgress?.({ file, filesDone: entries.length, filesTotal, zipBytes });

  const zipHash = createHash('sha256');
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      zipHash.update(chunk);
      zipBytes += chunk.length;
      done(null, chunk);
    },
  });
  const output = new PassThrough();
  // Any failure (a missing file, a read error, yazl itself) ends the stream with that error, so putStream
  // rejects and leaves no half-written zip under the key.
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  pipeline(zip.outputStream, counted, output, (error) => error && fail(error));
  const stored = out.storage.putStream(out.key, output, 'application/zip');

  const finished: Array<Promise<void>> = [];
  for (const file of files) {
    const hashed = hashingStream((entry) => {
      entries.push({ name: file.name, ...entry });
      report(file.name);
    });
    finished.push(hashed.done);
    zip.addReadStreamLazy(
      file.name,
      { mtime: createdAt, compress: !ALREADY_COMPRESSED.test(file.name) },
      (cb) => {
        openSource(file).then(
          (source) => {
            pipeline(source, hashed.stream, (error) => error && fail(error));
            cb(null, hashed.stream);
          },
          (error: Error) => fail(error),
        );
      },
    );
  }
  const json = Buffer.from(JSON.stringify(orderJson, null, 2), 'utf8');

  try {
    await Promise.race([Promise.all(finished), stored]);
    entries.push({ name: ORDER_JSON_NAME, size: json.length, sha256: sha256(json) });
    zip.addBuffer(json, ORDER_JSON_NAME, { mtime: createdAt });
    report(ORDER_JSON_NAME);
    // In the order of the zip, whatever order the files finished in.
    const order = [...files.map((file) => file.name), ORDER_JSON_NAME];
    entries.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    const manifest: ArtifactManifest = {
      format: 'stickerbook-order-artifact',
      version: 1,
      createdAt: createdAt.toISOString(),
      files: [...entries],
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), MANIFEST_NAME, {
      mtime: createdAt,
    });
    zip.end();
    const { byteSize } = await stored;
    report(MANIFEST_NAME);
    return { key: out.key, byteSize, sha256: zipHash.digest('hex'), manifest };
  } catch (error) {
    fail(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
}

function checkNames(files: readonly ArtifactFile[]): void {
  const seen = new Set<string>([ORDER_JSON_NAME, MANIFEST_NAME]);
  for (const file of files) {
    if (!SAFE_NAME.test(file.name) || file.name.includes('..') || seen.has(file.name)) {
      throw new AppError(
        422,
        'ARTIFACT_FILE_NAME_INVALID',
        `Not a usable file name in the artifact: ${file.name}`,
      );
    }
    if (!file.path === !file.stream) {
      throw new AppError(
        422,
        'ARTIFACT_FILE_SOURCE_INVALID',
        `${file.name} needs exactly one of path and stream`,
      );
    }
    seen.add(file.name);
  }
}

async function openSource(file: ArtifactFile): Promise<Readable> {
  return file.path ? createReadStream(file.path) : await file.stream!();
}

/** A pass-through that hashes and counts what flows through it and reports both when it ends. */
function hashingStream(onEnd: (entry: { size: number; sha256: string }) => void) {
  const hash = createHash('sha256');
  let size = 0;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      size += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      onEnd({ size, sha256: hash.digest('hex') });
      resolveDone();
      next();
    },
  });
  return { stream, done };
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
