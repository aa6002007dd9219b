import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config/index.ts';
import { ArchiveWriter } from './archive.ts';
import type { DatabaseFacts } from './database-facts.ts';
import { dumpEmbeddedDatabase, inspectPgliteDump } from './embedded-database.ts';
import { listLocalFiles, localFilesRoot, openStoredFile, type StoredFile } from './local-files.ts';
import {
  BackupError,
  BACKUP_FORMAT_VERSION,
  FILES_PREFIX,
  JWT_SECRET_ENTRY,
  PGLITE_DUMP_ENTRY,
  POSTGRES_DUMP_ENTRY,
  type BackupManifest,
} from './manifest.ts';
import { dumpPostgres } from './postgres-database.ts';

/**
 * `npm run backup -- <file>`: one archive with the database, the stored files and the manifest, made while the
 * servers run.
 *
 * The order is what makes it consistent. A file is stored before the record that names it commits, and deleted
 * only after the record's deletion committed (images/file-cleanup.ts). So: (1) copy every file there is, (2) dump
 * the database, (3) copy the files that appeared (or changed) since step 1. A file the dump names existed at the
 * dump and its record was not deleted before it; if it was there in step 1 it was copied then (a file deleted in
 * between had lost its record before the dump), if it came later step 3 copies it. The one gap: a file stored
 * after step 1 listed the folder whose record is deleted right after the dump and its file cleaned up before step
 * 3 reaches it, a window of the seconds step 3 takes. Copying all files after the dump instead would open that
 * window for the whole copy. Files deleted before the dump ride along unused and cost only space.
 *
 * With S3 the bucket is not copied: keep versioning on and sync it elsewhere (README "Backups").
 */
export async function createBackup(
  config: Config,
  file: string,
  log: (line: string) => void = console.log,
): Promise<BackupManifest> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const localStorage = !config.s3?.bucket;
  const filesRoot = localFilesRoot(config.dataDir);
  const archive = ArchiveWriter.create(target);
  try {
    const copied = new Map<string, StoredFile>();
    const copyFiles = async (files: StoredFile[]) => {
      for (const stored of files) {
        const previous = copied.get(stored.key);
        if (previous && previous.byteSize === stored.byteSize && previous.mtimeMs === stored.mtimeMs)
          continue;
        const stream = await openStoredFile(filesRoot, stored.key);
        if (!stream) continue; // deleted since it was listed: its record went before the dump
        await archive.add(FILES_PREFIX + stored.key, stream);
        copied.set(stored.key, stored);
      }
    };
    if (localStorage) await copyFiles(await listLocalFiles(filesRoot));

    // The moment the backup stands for: the database's snapshot.
    const createdAt = new Date().toISOString();
    let facts: DatabaseFacts;
    if (kind === 'pglite') {
      const dump = await dumpEmbeddedDatabase(config.dataDir);
      facts = await inspectPgliteDump(dump);
      await archive.add(PGLITE_DUMP_ENTRY, Readable.from([dump]));
    } else {
      facts = await dumpPostgres(config.databaseUrl!, (dump) => archive.add(POSTGRES_DUMP_ENTRY, dump));
    }

    if (localStorage) await copyFiles(await listLocalFiles(filesRoot));
    const secretFile = join(config.dataDir, 'jwt-secret');
    if (!config.jwtSecret && existsSync(secretFile)) {
      // Sessions, signed file URLs and sticker-link sessions stay valid after a restore.
      await archive.add(JWT_SECRET_ENTRY, Readable.from([await readFile(secretFile)]));
    }

    const fileEntries = Object.entries(archive.recorded).filter(([name]) => name.startsWith(FILES_PREFIX));
    const manifest = await archive.finish({
      format: 'stickerbook-backup',
      version: BACKUP_FORMAT_VERSION,
      created_at: createdAt,
      database: { kind, ...facts },
      files: {
        storage: localStorage ? 'local' : 's3',
        ...(localStorage ? {} : { bucket: config.s3!.bucket }),
        count: fileEntries.length,
        bytes: fileEntries.reduce((sum, [, entry]) => sum + entry.bytes, 0),
      },
    });
    log(summary(target, manifest));
    return manifest;
  } catch (error) {
    await archive.abort();
    throw error;
  }
}

function summary(target: string, manifest: BackupManifest): string {
  const rows = Object.values(manifest.database.row_counts).reduce((sum, n) => sum + n, 0);
  const lines = [
    `Backup written to ${target}`,
    `  database: ${manifest.database.kind} ${manifest.database.server_version}, ${rows} rows in ` +
      `${Object.keys(manifest.database.row_counts).length} tables`,
  ];
  lines.push(
    manifest.files.storage === 'local'
      ? `  files: ${manifest.files.count} (${formatBytes(manifest.files.bytes)})`
      : `  files: not copied, they stay in the S3 bucket ${manifest.files.bucket} (keep its versioning on, see README)`,
  );
  return lines.join('\n');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
