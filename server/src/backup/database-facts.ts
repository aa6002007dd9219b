import type { BackupManifest } from './manifest.ts';

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;
export type DatabaseFacts = Omit<BackupManifest['database'], 'kind'>;

/**
 * The version, newest migration and row count of every table, in one snapshot: the backup writes them into the
 * manifest and the restore counts again and compares, so a restore that lost rows says so.
 */
export async function databaseFacts(query: Query): Promise<DatabaseFacts> {
  const [version] = await query('SHOW server_version');
  const tables = await query(
    `SELECT schemaname, tablename FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY schemaname, tablename`,
  );
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    const name = `${quoteIdentifier(String(table.schemaname))}.${quoteIdentifier(String(table.tablename))}`;
    const [row] = await query(`SELECT count(*)::int AS n FROM ${name}`);
    rowCounts[`${String(table.schemaname)}.${String(table.tablename)}`] = Number(row?.n ?? 0);
  }
  const migrated = tables.some((t) => t.schemaname === 'drizzle' && t.tablename === '__drizzle_migrations');
  const [migration] = migrated
    ? await query('SELECT max(created_at)::bigint AS at FROM drizzle.__drizzle_migrations')
    : [];
  return {
    server_version: String(version?.server_version ?? 'unknown'),
    last_migration_at: migration?.at == null ? null : Number(migration.at),
    row_counts: rowCounts,
  };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The tables whose counts differ: what a restore reports before it gives up. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) =>
        `${name}: ${expected[name] ?? 'missing'} in the backup, ${actual[name] ?? 'missing'} restored`,
    );
}
