import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SERVER_ROOT } from '../config/index.ts';
import * as schema from './schema.ts';

/** The common Drizzle surface of both drivers; repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL in the shape pg-boss's `db` option expects. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the data directory as a tarball (see `pgliteTemplate`), taken while no statement runs, so it is
   * what a crash at that instant would leave: every committed transaction and nothing of an open one.
   */
  dumpPglite?(compression?: 'none' | 'gzip'): Promise<Blob | File>;
}

const MIGRATIONS_FOLDER = resolve(SERVER_ROOT, 'drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /**
   * A `dumpDataDir()` tarball to start a new PGlite from (in memory, or in a `DATA_DIR/db` that holds no database
   * yet; PGlite refuses to load over an existing one). initdb in WebAssembly takes 10-20 s on a small machine,
   * loading a dump about 2 s, so the tests make one template and start every database from it; a restore
   * (backup/restore.ts) loads the backed-up data directory the same way.
   */
  pgliteTemplate?: Blob;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory for tests, else under DATA_DIR/db). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.pgliteTemplate,
    // initdb's 128 MB of shared buffers live in the WebAssembly heap, which never shrinks: the database files are
    // in the OS page cache anyway, so 16 MB cost nothing in speed and save ~110 MB of resident memory (issue 6).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    // Trigram indexes answer the admin dashboard's search (migration 0014_dashboard).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    // PGlite's extended protocol takes one statement; pg-boss sends multi-statement scripts without
    // parameters (its migrations), which only the simple protocol (`exec`) accepts.
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    dumpPglite: (compression = 'none') => client.dumpDataDir(compression),
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  let closing = false;
  // An idle connection that the server drops (a restart, a failover, an administrator) is reported here; without
  // a listener node-postgres throws it and the process dies. The pool replaces the connection on next use.
  pool.on('error', (error) => {
    if (!closing) console.error('[database] idle connection lost:', error.message);
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // A multi-statement query returns one result per statement; pg-boss only reads the last.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/**
 * The raw SQL of a Drizzle transaction `tx`, in pg-boss's `db` shape: a job sent through it is a row of that
 * transaction, so it commits with the work that made it or not at all (an invoice's mail with the invoice).
 * Drizzle keeps the transaction's connection as `session.client` for both drivers (PGlite's transaction and
 * node-postgres' pooled client, each with `query(text, values)`); its public `execute` takes no numbered
 * parameters, which pg-boss's statements use, some twice.
 */
export function transactionExecuteSql(tx: Db): ExecuteSql {
  const client = (
    tx as unknown as {
      session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } };
    }
  ).session.client;
  return async (text, values) => {
    const result = await client.query(text, values);
    return { rows: result.rows as Record<string, unknown>[] };
  };
}
