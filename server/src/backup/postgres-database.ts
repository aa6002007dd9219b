import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { databaseFacts, quoteIdentifier, type DatabaseFacts } from './database-facts.ts';
import { BackupError } from './manifest.ts';

/**
 * DATABASE_URL: PostgreSQL's own tools, `pg_dump --format=custom` and `pg_restore` (Debian's postgresql-client),
 * rather than a dump written by hand: they know every object type, restore in one transaction and read a dump
 * of an older server. The dump runs in a snapshot the command exports itself (`pg_export_snapshot`), so the row
 * counts in the manifest are those of the dump exactly, while the servers keep writing.
 */
const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;

/** Streams the dump into `write` (the archive entry) and answers the facts of the same snapshot. */
export async function dumpPostgres(
  databaseUrl: string,
  write: (dump: Readable) => Promise<unknown>,
): Promise<DatabaseFacts> {
  const client = await connect(databaseUrl);
  try {
    const serverMajor =
      Number((await client.query('SHOW server_version_num')).rows[0].server_version_num) / 10000;
    await requireTool('pg_dump', Math.floor(serverMajor));
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query('SELECT pg_export_snapshot() AS id')).rows[0].id as string;
    const facts = await databaseFacts(async (text) => (await client.query(text)).rows);
    const { url, env } = withoutPassword(databaseUrl);
    const child = spawn(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--dbname=${url}`],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = exitOf(child, 'pg_dump');
    await Promise.all([write(child.stdout), exited]);
    await client.query('COMMIT');
    return facts;
  } finally {
    await client.end();
  }
}

/** True when the database holds no table outside PostgreSQL's own schemas. */
export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ${SYSTEM_SCHEMAS}`,
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a custom-format dump with pg_restore in one transaction (all or nothing). `replace` first drops every
 * schema of the database (what --force asks for). Refused while anyone else is connected: a server still running
 * on the database would write into the middle of the restore.
 */
export async function restorePostgres(
  databaseUrl: string,
  dump: Readable,
  options: { replace: boolean },
): Promise<DatabaseFacts> {
  const client = await connect(databaseUrl);
  try {
    // Which pg_restore reads the dump is its own check (it names the archive version it does not know).
    await requireTool('pg_restore', 0);
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    if (rows[0].n > 0) {
      throw new BackupError(
        `${rows[0].n} other connection(s) use this database: stop every server and worker on it before restoring`,
      );
    }
    if (options.replace) {
      const schemas = await client.query(
        `SELECT nspname FROM pg_namespace WHERE nspname NOT IN ${SYSTEM_SCHEMAS} AND nspname NOT LIKE 'pg_temp_%'
           AND nspname NOT LIKE 'pg_toast_temp_%'`,
      );
      await client.query('BEGIN');
      for (const { nspname } of schemas.rows) {
        await client.query(`DROP SCHEMA ${quoteIdentifier(nspname as string)} CASCADE`);
      }
      await client.query('CREATE SCHEMA public');
      await client.query('COMMIT');
    }
    const { url, env } = withoutPassword(databaseUrl);
    const child = spawn(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`],
      { env: { ...process.env, ...env }, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const exited = exitOf(child, 'pg_restore');
    // A damaged entry fails the stream (archive.ts); pg_restore then sees its input end early and rolls back.
    const fed = new Promise<void>((resolve, reject) => {
      dump.on('error', (error) => {
        child.stdin.destroy();
        reject(error);
      });
      child.stdin.on('error', () => {}); // pg_restore exiting early is reported by its exit code
      dump.pipe(child.stdin).on('finish', resolve);
    });
    await Promise.all([fed, exited]);
    return await databaseFacts(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  return client;
}

/** The password goes to the tool in PGPASSWORD, not on its command line where `ps` shows it. */
function withoutPassword(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: password ? { PGPASSWORD: password } : {} };
}

/** pg_dump must be at least as new as the server it dumps; a missing tool is named with its Debian package. */
async function requireTool(tool: 'pg_dump' | 'pg_restore', minimumMajor: number): Promise<void> {
  let output: string;
  try {
    output = await new Promise<string>((resolve, reject) => {
      const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
  } catch {
    throw new BackupError(
      `${tool} is not installed: install PostgreSQL's client tools (Debian: postgresql-client)`,
    );
  }
  const major = Number(/(\d+)(\.\d+)?/.exec(output)?.[1] ?? 0);
  if (major < minimumMajor) {
    throw new BackupError(
      `${tool} ${major} cannot handle PostgreSQL ${minimumMajor}: install postgresql-client-${minimumMajor}`,
    );
  }
}

function exitOf(child: ReturnType<typeof spawn>, tool: string): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new BackupError(`${tool} did not start: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
