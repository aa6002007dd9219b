import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config/index.ts';
import { createStorage } from '../storage/index.ts';
import { openArchive, type ArchiveReader } from './archive.ts';
import { serverRunsOn } from './backup-socket.ts';
import { formatBytes } from './backup.ts';
import { countDifferences, type DatabaseFacts } from './database-facts.ts';
import { hasEmbeddedDatabase, pgliteDataDir, restoreEmbeddedDatabase } from './embedded-database.ts';
import { listLocalFiles, localFilesRoot } from './local-files.ts';
import {
  BackupError,
  FILES_PREFIX,
  JWT_SECRET_ENTRY,
  PGLITE_DUMP_ENTRY,
  POSTGRES_DUMP_ENTRY,
} from './manifest.ts';
import { postgresIsEmpty, restorePostgres } from './postgres-database.ts';

/**
 * `npm run restore -- <file> [--force]`: the archive into the DATA_DIR or database the settings name, which
 * must be empty; `--force` replaces what is there. Never while a server runs on it. The archive is checked
 * entry by entry against its manifest, and the restored row counts against the backed-up ones.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { force: boolean },
  log: (line: string) => void = console.log,
): Promise<void> {
  const archive = await openArchive(resolve(file));
  try {
    await restoreFrom(archive, config, options, log);
  } finally {
    archive.close();
  }
}

async function restoreFrom(
  archive: ArchiveReader,
  config: Config,
  options: { force: boolean },
  log: (line: string) => void,
): Promise<void> {
  const { manifest } = archive;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This backup holds the embedded database (PGlite): restore it without DATABASE_URL set'
        : 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
  }
  const dataDir = config.dataDir;
  const localStorage = !config.s3?.bucket;
  if (kind === 'pglite' && (await serverRunsOn(dataDir))) {
    throw new BackupError(`A server is running on ${dataDir} (DATA_DIR): stop it before restoring`);
  }

  const occupied: string[] = [];
  if (kind === 'pglite' && hasEmbeddedDatabase(dataDir))
    occupied.push(`a database in ${pgliteDataDir(dataDir)}`);
  if (kind === 'postgres' && !(await postgresIsEmpty(config.databaseUrl!))) {
    occupied.push('tables in the database of DATABASE_URL');
  }
  if (localStorage && (await listLocalFiles(localFilesRoot(dataDir))).length > 0) {
    occupied.push(`stored files in ${localFilesRoot(dataDir)}`);
  }
  if (occupied.length > 0 && !options.force) {
    throw new BackupError(
      `Nothing restored: the target is not empty (${occupied.join('; ')}). Restore into an empty DATA_DIR or ` +
        'database, or add --force to replace what is there.',
    );
  }
  if (occupied.length > 0) log(`--force: replacing ${occupied.join('; ')}`);
  await mkdir(dataDir, { recursive: true });

  if (archive.names.includes(JWT_SECRET_ENTRY)) {
    if (config.jwtSecret) {
      log('JWT_SECRET is set: the generated secret in the backup is not used (sign-ins made with it end)');
    } else {
      // Before createStorage below, which would otherwise generate a new secret.
      await writeFile(join(dataDir, 'jwt-secret'), await readEntry(archive, JWT_SECRET_ENTRY), {
        mode: 0o600,
      });
    }
  }

  let restored: DatabaseFacts;
  if (kind === 'pglite') {
    if (options.force) await rm(pgliteDataDir(dataDir), { recursive: true, force: true });
    restored = await restoreEmbeddedDatabase(dataDir, await readEntry(archive, PGLITE_DUMP_ENTRY));
  } else {
    restored = await restorePostgres(config.databaseUrl!, await archive.open(POSTGRES_DUMP_ENTRY), {
      replace: options.force,
    });
  }
  const differences = countDifferences(manifest.database.row_counts, restored.row_counts);
  if (differences.length > 0) {
    throw new BackupError(`The restored database differs from the backup:\n  ${differences.join('\n  ')}`);
  }

  const fileNames = archive.names.filter((name) => name.startsWith(FILES_PREFIX));
  if (fileNames.length > 0) {
    if (options.force && localStorage) await rm(localFilesRoot(dataDir), { recursive: true, force: true });
    const { storage } = createStorage(config);
    for (const name of fileNames) {
      // Local storage ignores the type; S3 keeps it, and every reader of a file names its type in the URL.
      await storage.putStream(
        name.slice(FILES_PREFIX.length),
        await archive.open(name),
        'application/octet-stream',
      );
    }
  }

  const rows = Object.values(restored.row_counts).reduce((sum, n) => sum + n, 0);
  log(
    [
      `Restored the backup of ${manifest.created_at}`,
      `  database: ${rows} rows in ${Object.keys(restored.row_counts).length} tables, as in the backup`,
      manifest.files.storage === 'local'
        ? `  files: ${manifest.files.count} (${formatBytes(manifest.files.bytes)}) into ${
            localStorage ? localFilesRoot(dataDir) : `the S3 bucket ${config.s3!.bucket}`
          }`
        : `  files: the backup's files are in the S3 bucket ${manifest.files.bucket}; restore the bucket's ` +
          'versions of the same time (README "Backups")',
      'Start the server: it applies any newer migrations on its first start.',
    ].join('\n'),
  );
}

async function readEntry(archive: ArchiveReader, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await archive.open(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
