import { chmod, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/database.ts';

/**
 * PGlite lives inside the server process: nobody else may open `DATA_DIR/db` while it runs, and copying the
 * folder would copy pages mid-write. So the running server answers `npm run backup` itself, over a Unix socket in
 * DATA_DIR: `GET /database` streams PGlite's own dump of its data directory. The socket is mode 0600 inside
 * DATA_DIR, so exactly who may read the database files may ask for a dump; nothing listens on the network and no
 * token is needed. With DATABASE_URL the server opens no socket (pg_dump reads PostgreSQL directly).
 */
export const BACKUP_SOCKET_NAME = 'backup.sock';
const backupSocketPath = (dataDir: string) => join(dataDir, BACKUP_SOCKET_NAME);

export interface BackupSocket {
  close(): Promise<void>;
}

/** Listens on DATA_DIR/backup.sock; a socket file left by a killed server is replaced. */
export async function serveBackupSocket(database: Database, dataDir: string): Promise<BackupSocket> {
  const dumpPglite = database.dumpPglite;
  if (!dumpPglite) throw new Error('The backup socket serves the embedded database only');
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/status') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ driver: 'pglite' }));
      return;
    }
    if (req.method !== 'GET' || req.url !== '/database') {
      res.writeHead(404).end();
      return;
    }
    // A checkpoint first, so the dump's pages are current and a restore replays little WAL; the dump itself
    // runs while no statement does (PGlite's query lock), which makes it crash-consistent. It is taken
    // uncompressed and gzipped after the lock is released (in libuv's threads): PGlite's own gzip would hold
    // every query of the server for twice as long (bench/RESULTS.md).
    database
      .executeSql('CHECKPOINT')
      .then(() => dumpPglite('none'))
      .then((dump) => {
        res.writeHead(200, { 'content-type': 'application/gzip' });
        pipeline(
          Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream),
          createGzip(),
          res,
        ).catch((error: unknown) => console.error('[backup] sending the dump failed:', error));
      })
      .catch((error: unknown) => {
        console.error('[backup] dump failed:', error);
        res.writeHead(500).end(String((error as Error).message));
      });
  });
  const path = backupSocketPath(dataDir);
  await rm(path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the server on DATA_DIR for a dump. Undefined when no server answers there (no socket, or one left by a
 * server that is gone): then the command may open the database itself. The dump is held in memory on both sides
 * (PGlite builds its tarball in memory): fine for the embedded default's sizes, which PostgreSQL outgrows first.
 */
export async function dumpFromRunningServer(dataDir: string): Promise<Buffer | undefined> {
  if (!(await serverRunsOn(dataDir))) return undefined;
  return socketRequest(dataDir, '/database');
}

/** True when a server answers on DATA_DIR's backup socket. */
export async function serverRunsOn(dataDir: string): Promise<boolean> {
  try {
    await socketRequest(dataDir, '/status');
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return false;
    throw error;
  }
}

function socketRequest(dataDir: string, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: backupSocketPath(dataDir), path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else
          reject(new Error(`The server could not make a dump: ${body.toString('utf8') || res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end();
  });
}
