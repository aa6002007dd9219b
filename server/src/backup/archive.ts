import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import {
  BackupError,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  manifestSchema,
  type BackupManifest,
  type ManifestEntry,
} from './manifest.ts';

/**
 * The backup archive is a zip (zip64 when large): the entries are written one after another as they are read, so
 * memory stays flat however many files there are, and the central directory at the end lets a restore read the
 * manifest before anything else. The archive is written as `<file>.partial` and renamed when complete: a backup
 * that fails leaves no file that looks like a backup.
 */
export class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly entries: Record<string, ManifestEntry> = {};
  private readonly output: WriteStream;
  private readonly written: Promise<void>;

  private constructor(
    private readonly path: string,
    private readonly partialPath: string,
  ) {
    this.output = createWriteStream(partialPath, { mode: 0o600 });
    this.zip.outputStream.pipe(this.output);
    this.written = finished(this.output);
    // Reported through `finish`; without a listener a write error would end the process.
    this.written.catch(() => {});
  }

  static create(path: string): ArchiveWriter {
    return new ArchiveWriter(path, `${path}.partial`);
  }

  get recorded(): Readonly<Record<string, ManifestEntry>> {
    return this.entries;
  }

  /**
   * Adds one entry and resolves once yazl has taken all of it, with its size and SHA-256. Images and gzipped
   * dumps do not shrink, so they are stored; `compress` is for text.
   */
  async add(name: string, source: Readable, options: { compress?: boolean } = {}): Promise<ManifestEntry> {
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    source.on('error', (error) => counter.destroy(error));
    source.pipe(counter);
    const entry = new PassThrough();
    counter.pipe(entry);
    this.zip.addReadStream(entry, name, { compress: options.compress ?? false, mode: 0o100600 });
    await finished(counter);
    const recorded = { bytes, sha256: hash.digest('hex') };
    this.entries[name] = recorded;
    return recorded;
  }

  /** Writes the manifest last and closes the archive under its real name. */
  async finish(manifest: Omit<BackupManifest, 'entries'>): Promise<BackupManifest> {
    const complete = { ...manifest, entries: this.entries } satisfies BackupManifest;
    this.zip.addBuffer(Buffer.from(JSON.stringify(complete, null, 2)), MANIFEST_ENTRY, { compress: true });
    this.zip.end();
    await this.written;
    await rename(this.partialPath, this.path);
    return complete;
  }

  async abort(): Promise<void> {
    this.zip.outputStream.unpipe();
    this.output.destroy();
    await rm(this.partialPath, { force: true });
  }
}

export interface ArchiveReader {
  manifest: BackupManifest;
  /** Entry names other than the manifest, in archive order. */
  names: string[];
  /** A stream of the entry that fails (BackupError) when its bytes differ from what the manifest says. */
  open(name: string): Promise<Readable>;
  close(): void;
}

/** Opens an archive and reads its manifest; refuses a file that is no backup of this product or a newer one. */
export async function openArchive(path: string): Promise<ArchiveReader> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, opened) =>
        error ? reject(error) : resolve(opened!),
      ),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No backup file at ${path}`);
    throw new BackupError(`${path} is not a backup archive (${(error as Error).message})`);
  }
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const openRaw = (entry: yauzl.Entry) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream!))),
    );
  const manifestEntry = entries.get(MANIFEST_ENTRY);
  if (!manifestEntry) {
    zip.close();
    throw new BackupError(`${path} has no ${MANIFEST_ENTRY}: not a complete backup archive`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await openRaw(manifestEntry)) chunks.push(chunk as Buffer);
  const parsed = manifestSchema.safeParse(safeJson(Buffer.concat(chunks).toString('utf8')));
  if (!parsed.success) {
    zip.close();
    throw new BackupError(
      `${path} has a manifest this version cannot read: ${parsed.error.issues[0]?.message}`,
    );
  }
  const manifest = parsed.data;
  if (manifest.version > BACKUP_FORMAT_VERSION) {
    zip.close();
    throw new BackupError(
      `${path} is backup format ${manifest.version}; this version reads format ${BACKUP_FORMAT_VERSION} and older`,
    );
  }
  return {
    manifest,
    names: [...entries.keys()].filter((name) => name !== MANIFEST_ENTRY),
    async open(name) {
      const entry = entries.get(name);
      const expected = manifest.entries[name];
      if (!entry || !expected) throw new BackupError(`The archive has no entry ${name}`);
      return (await openRaw(entry)).pipe(verifying(name, expected));
    },
    close: () => zip.close(),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Passes the bytes through and fails at the end when their count or SHA-256 is not the manifest's. */
function verifying(name: string, expected: ManifestEntry): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      const sha256 = hash.digest('hex');
      if (bytes !== expected.bytes || sha256 !== expected.sha256) {
        return done(
          new BackupError(`${name} in the archive is damaged (its checksum differs from the manifest)`),
        );
      }
      done();
    },
  });
}
