-- Realtime (issue 6): every saved mutation rewrites the album document; lz4 compresses and decompresses it
-- several times faster than the default pglz. PostgreSQL builds without lz4 (and PGlite) keep pglz.
DO $$
BEGIN
  ALTER TABLE "albums" ALTER COLUMN "workspace" SET COMPRESSION lz4;
EXCEPTION WHEN others THEN
  NULL;
END $$;
