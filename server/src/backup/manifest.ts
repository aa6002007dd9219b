import { z } from 'zod';

/**
 * What a backup archive holds, written last into it as `manifest.json`: the format version, when and from what
 * it was made, the row count of every table in the dump and the size and SHA-256 of every other entry. A restore
 * reads it first, refuses an archive it cannot restore here, and checks every entry against it while unpacking,
 * so a damaged or truncated archive stops the restore instead of leaving half a database.
 */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** The embedded database: PGlite's data directory as a gzipped tarball (`PGlite.dumpDataDir`). */
export const PGLITE_DUMP_ENTRY = 'database/pglite-datadir.tar.gz';
/** A PostgreSQL server's database in pg_dump's custom format (`pg_restore` reads it). */
export const POSTGRES_DUMP_ENTRY = 'database/postgres.dump';
/** The generated signing secret of the embedded default (config/jwt-secret.ts), when JWT_SECRET is not set. */
export const JWT_SECRET_ENTRY = 'jwt-secret';
/** Stored files (local storage) under their storage keys. */
export const FILES_PREFIX = 'files/';

const entrySchema = z.object({
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof entrySchema>;

export const manifestSchema = z.object({
  format: z.literal('stickerbook-backup'),
  version: z.number().int(),
  /** When the database was dumped: the state the backup restores. */
  created_at: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `server_version` of the dumped database (PGlite: the PostgreSQL it embeds). */
    server_version: z.string(),
    /** The last migration applied (drizzle's journal), so a restore can say how old the backup is. */
    last_migration_at: z.number().nullable(),
    /** Rows per table (`schema.table`) in the dump, counted in the dump's own snapshot. */
    row_counts: z.record(z.string(), z.number().int().nonnegative()),
  }),
  files: z.object({
    /** 'local': the files are in the archive; 's3': they stay in the bucket (README "Backups"). */
    storage: z.enum(['local', 's3']),
    bucket: z.string().optional(),
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
  /** Every entry but the manifest itself. */
  entries: z.record(z.string(), entrySchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A refusal or failure said to the operator as it is; the command prints the message and exits with 1. */
export class BackupError extends Error {}
