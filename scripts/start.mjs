// `npm start`: the whole product on embedded defaults (PGlite, local files, built-in accounts, seeded templates).
import { spawn } from 'node:child_process';
import { buildServer } from './build-server.mjs';
import { ensureWebBuild } from './web-build.mjs';

const args = process.argv.slice(2);
ensureWebBuild({ force: args.includes('--rebuild') });
await buildServer();
const server = spawn(
  process.execPath,
  ['--enable-source-maps', 'dist/main.js', ...args.filter((a) => a !== '--rebuild')],
  {
    cwd: new URL('../server', import.meta.url).pathname,
    stdio: 'inherit',
    env: {
      // Two malloc arenas instead of one per thread: ~60 MB less resident memory, no measurable cost.
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      DATA_DIR: process.env.DATA_DIR ?? new URL('../data', import.meta.url).pathname,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
