import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/index.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { runSeeds, type SeedResult } from '../../src/seeds/index.ts';
import { pgliteTemplate } from './pglite-template.ts';

export const FIXTURE_SEEDS_DIR = fileURLToPath(new URL('../fixtures/seeds', import.meta.url));
const FIXTURE_WEB_DIST = fileURLToPath(new URL('../fixtures/web-dist', import.meta.url));

/** Which database the suite runs on: PGlite always, PostgreSQL too when DATABASE_URL is set (CI). */
export const DATABASE_KINDS: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  seeded: SeedResult;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!', LOG_LEVEL: 'silent' });
  return {
    ...base,
    dataDir: '/nonexistent-test-data-dir',
    inMemoryDatabase: true,
    webDist: FIXTURE_WEB_DIST,
    rateLimits: { authPerMinute: 10_000, publicPerMinute: 10_000 },
    ...overrides,
  };
}

/**
 * A fresh PostgreSQL database for one test file, so files run in parallel without seeing each other's rows.
 * Created and dropped through the server's admin connection (DATABASE_URL).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'sb',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A real app on a fresh, migrated and seeded database (fixture blueprint plus the real seed files). */
export async function startTestApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  overrides: Partial<Config> = {},
  buildOptions: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const pgDatabase =
    kind === 'postgres' ? await createPostgresDatabase(process.env.DATABASE_URL!) : undefined;
  const config = testConfig({ ...overrides, databaseUrl: pgDatabase?.url });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: true,
    pgliteTemplate: kind === 'pglite' ? await pgliteTemplate() : undefined,
  });
  await database.migrate();
  const seeded = await runSeeds(database.db, config, [FIXTURE_SEEDS_DIR]);
  const app = await buildApp(config, { ...buildOptions, database });
  await app.ready();
  return {
    app,
    config,
    database,
    seeded,
    async close() {
      await app.close();
      await pgDatabase?.drop();
    },
  };
}

export interface Session {
  access_token: string;
  /** From the HttpOnly `sb_refresh` cookie of the answer (never in the body). */
  refresh_token: string;
  user: { sub: string; email: string; roles: string[] };
}

/** The value of a cookie the response sets (undefined when it sets none of that name). */
export function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

/** The refresh cookie to send back, as a browser would to its path. */
export const refreshCookie = (token: string, kind: 'user' | 'guest' = 'user') => ({
  cookie: `${kind === 'user' ? 'sb_refresh' : 'sb_guest_refresh'}=${token}`,
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(
  app: FastifyInstance,
  email = `user-${randomBytes(4).toString('hex')}@example.com`,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password: 'correct horse battery' },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { ...response.json(), refresh_token: cookieOf(response, 'sb_refresh')! };
}

export async function createGuest(
  app: FastifyInstance,
): Promise<{ access_token: string; refresh_token: string; guest_id: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/public/guest_tokens' });
  if (response.statusCode !== 201) throw new Error(`guest token failed: ${response.body}`);
  return { ...response.json(), refresh_token: cookieOf(response, 'sb_guest_refresh')! };
}

export async function createAlbum(
  app: FastifyInstance,
  token: string,
  payload: InjectOptions['payload'] = { blueprint_id: 'test-fixture' },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/albums',
    headers: bearer(token),
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`album create failed: ${response.body}`);
  return response.json() as {
    id: string;
    title: string;
    owner_identifier: string;
    workspace: Record<string, unknown>;
  } & Record<string, unknown>;
}
