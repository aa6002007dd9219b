import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe.skipIf(!process.env.DATABASE_URL)('a lost PostgreSQL connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  }, 60_000);
  afterAll(() => t.close());

  it('survives the server dropping its idle connections and answers the next request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json()).toMatchObject({
      database: 'ok',
    });
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    // Let the terminated connections report their error (which must not become an uncaught exception).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ database: 'ok' });
  });
});
