import { ConfigError, loadConfig } from '../config/index.ts';
import { createBackup } from './backup.ts';
import { BackupError } from './manifest.ts';
import { restoreBackup } from './restore.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]`, with the server's own settings
 * (DATA_DIR, DATABASE_URL, S3_*, JWT_SECRET) from the environment. Exit code 0 when done, 1 with the reason.
 */
const USAGE = 'Usage: npm run backup -- <file>   |   npm run restore -- <file> [--force]';

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => !arg.startsWith('--'));
  const unknown = rest.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || unknown.length > 0) {
    throw new BackupError(USAGE);
  }
  if (command === 'backup' && force) throw new BackupError(USAGE);
  const config = loadConfig();
  const started = performance.now();
  if (command === 'backup') await createBackup(config, files[0]!);
  else await restoreBackup(config, files[0]!, { force });
  console.log(`  took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
