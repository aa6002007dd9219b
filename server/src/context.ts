/**
 * The bottom floor of the server: what every feature needs, decorated on the Fastify instance as `app.ctx`
 * instead of living in module globals. Features import this module, never `app.ts`, which only assembles them
 * (STYLE.md: imports run downhill, no circles; `npm run lint` checks it with dependency-cruiser).
 */
import type { AccessTokens } from './auth/access-tokens.ts';
import type { LiveAccounts } from './auth/live-accounts.ts';
import type { Config } from './config/index.ts';
import type { Database } from './db/database.ts';

export interface AppContext {
  config: Config;
  database: Database;
  tokens: AccessTokens;
  /** Whether a user token's account still exists (auth/live-accounts.ts). */
  accounts: LiveAccounts;
  /** Where the instance is in its life; main.ts sets `draining` on SIGTERM (GET /ready answers 503 then). */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
