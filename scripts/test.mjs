// `npm test`: every test of every package, browser tests included. Does its own set-up: Debian's Chromium
// (installed when missing and running as root) and a fresh build of the web app for the browser tests.
import { spawnSync } from 'node:child_process';
import { ensureSystemDeps, isCi } from './system-deps.mjs';
import { ensureWebBuild } from './web-build.mjs';

const args = process.argv.slice(2);
if (!ensureSystemDeps()) {
  // In CI a missing package must not turn 78 browser and print tests into silent skips.
  if (isCi()) process.exit(1);
  process.env.SKIP_BROWSER_TESTS = '1';
}
ensureWebBuild();
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
