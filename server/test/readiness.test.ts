/**
 * GET /health and GET /ready for load balancers (issue 24 item 3, README "Restarts and health checks"): ready
 * needs the database and the job queue, and S3 when configured; it names what failed, and answers 503 `draining`
 * once a SIGTERM started the shutdown.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('health and readiness on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await jobs?.stop(0);
    await t?.close();
  });

  it('is not ready before the job queue exists, and says so', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', queue: 'error' } });
  });

  it('is ready with the database and the queue up', async () => {
    jobs = await startJobQueue(t.database, { work: false, config: t.config });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', queue: 'ok' } });
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 draining once the shutdown began, while health stays ok', async () => {
    t.app.ctx.lifecycle.draining = true;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'draining', checks: { database: 'ok', queue: 'ok' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
  });
});

describe('readiness with S3 configured', () => {
  let t: TestApp;
  let silent: Server;
  let jobs: JobQueue;
  beforeAll(async () => {
    // An S3 endpoint that accepts connections and never answers: the check gives up after its 2 s.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    t = await startTestApp('pglite', {
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'albums',
        region: 'eu-central-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    jobs = await startJobQueue(t.database, { work: false, config: t.config });
  });
  afterAll(async () => {
    await jobs?.stop(0);
    await t?.close();
    silent?.close();
  });

  it('names the storage as what failed when S3 does not answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', queue: 'ok', storage: 'error' },
    });
  });
});
