import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { openDatabase, type Database } from '../db/database.ts';
import { BACKUP_SOCKET_NAME, dumpFromRunningServer } from './backup-socket.ts';
import { databaseFacts, type DatabaseFacts } from './database-facts.ts';
import { BackupError } from './manifest.ts';

/**
 * The embedded default's database: PGlite's own dump of its data directory (`dumpDataDir`, a tarball that PGlite
 * loads back with `loadDataDir`). A physical copy rather than SQL: it restores in seconds, keeps every index and
 * the job queue as they were, and needs nothing but PGlite. Its limit: it restores into the same PostgreSQL major
 * version (the one inside the installed PGlite); the manifest names it and the restore checks it.
 */
export const pgliteDataDir = (dataDir: string) => join(dataDir, 'db');

/** From the running server over its backup socket, or, with no server on DATA_DIR, from the files directly. */
export async function dumpEmbeddedDatabase(dataDir: string): Promise<Buffer> {
  const fromServer = await dumpFromRunningServer(dataDir);
  if (fromServer) return fromServer;
  if (!existsSync(join(pgliteDataDir(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} (DATA_DIR) to back up`);
  }
  if (existsSync(join(pgliteDataDir(dataDir), 'postmaster.pid'))) {
    // PGlite removes the file when it closes: a server that holds the database without answering on the socket
    // (started before backups existed, or killed): opening the files beside it could damage them.
    throw new BackupError(
      `The database in ${dataDir} is open in a server that does not answer on ${BACKUP_SOCKET_NAME}: ` +
        'restart that server (or, if it was killed, start and stop it once) and back up again',
    );
  }
  const database = await openDatabase({ dataDir });
  try {
    const dump = await database.dumpPglite!('none');
    return await gzipAsync(Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Loads the dump into a throwaway in-memory PGlite: proves it opens, and counts its rows for the manifest. */
export async function inspectPgliteDump(dump: Buffer): Promise<DatabaseFacts> {
  const database = await openDatabase({ dataDir: '', inMemory: true, pgliteTemplate: gzipBlob(dump) });
  try {
    return await factsOf(database);
  } finally {
    await database.close();
  }
}

/** Unpacks the dump into DATA_DIR/db (which must hold no database) and counts what arrived. */
export async function restoreEmbeddedDatabase(dataDir: string, dump: Buffer): Promise<DatabaseFacts> {
  let database: Database;
  try {
    database = await openDatabase({ dataDir, pgliteTemplate: gzipBlob(dump) });
  } catch (error) {
    throw new BackupError(
      `The embedded database could not be loaded (${(error as Error).message}); a backup restores into the ` +
        'PostgreSQL version of the PGlite that made it',
    );
  }
  try {
    return await factsOf(database);
  } finally {
    await database.close();
  }
}

export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(pgliteDataDir(dataDir), 'PG_VERSION'));
}

const gzipAsync = promisify(gzip);
const gzipBlob = (dump: Buffer) => new Blob([new Uint8Array(dump)], { type: 'application/x-gzip' });

const factsOf = (database: Database) => databaseFacts(async (text) => (await database.executeSql(text)).rows);
