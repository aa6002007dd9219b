// Builds the web app when its bundle is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bundle = join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'packages/model/src'].map((p) =>
  join(root, p),
);

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtimeMs(join(path, name))));
}

export function ensureWebBuild({ force = false } = {}) {
  const stale = !existsSync(bundle) || newestMtimeMs(bundle) < Math.max(...sources.map(newestMtimeMs));
  if (!force && !stale) return;
  console.log('Building the web app…');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}
