import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/db/database.ts';
import { SERVER_ROOT } from '../../src/config/index.ts';

/** Changes whenever a migration or the PGlite version changes, so a stale template is never used. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = join(SERVER_ROOT, 'drizzle');
  for (const name of readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrations, name)));
  }
  const pglite = JSON.parse(
    readFileSync(join(SERVER_ROOT, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  );
  hash.update(pglite.version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory as a tarball, cached in the OS temp folder across test runs.
 * initdb in WebAssembly costs 10-20 s here; loading the dump about 2 s. Test files run in parallel, so one
 * builds the template under a lock file and the others wait for it.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `stickerbook-pglite-${templateKey()}.tar`);
  const lock = `${file}.lock`;
  for (let waitedMs = 0; waitedMs < 180_000; waitedMs += 250) {
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // not built yet
    }
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      await sleep(250);
      continue;
    }
    try {
      const database = await openDatabase({ dataDir: '', inMemory: true });
      await database.migrate();
      const dump = await database.dumpPglite!();
      await database.close();
      writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
      renameSync(`${file}.tmp`, file);
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`Timed out waiting for the PGlite template ${file}`);
}
