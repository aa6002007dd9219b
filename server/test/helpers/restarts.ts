/**
 * The product as its own process for the restart tests (issue 24 item 3): server/src/main.ts on a DATA_DIR, or on
 * a fresh PostgreSQL database when DATABASE_URL is set, stopped in the middle of an export and started again on
 * the same data. Each scenario is a test file of its own (restarts-*.test.ts), so their minutes of waiting for
 * leases and exports run beside the other test files instead of one after another.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AlbumDocument } from '@stickerbook/model';
import { fillStickerCellsPatches } from '@stickerbook/model/testing';
import { SERVER_ROOT } from '../../src/config/index.ts';
import { openDatabase } from '../../src/db/database.ts';
import { orderUpdates } from '../../src/db/schema.ts';
import { PRINT_WEB_DIST, printTestsCanRun } from './print.ts';
import { DATABASE_KINDS } from './test-app.ts';

const ADMIN = { email: 'admin@restarts.test', password: 'restarts-admin-password' };
const SELLER = {
  SELLER_NAME: 'Albumdruck GmbH',
  SELLER_STREET: 'Hafenstraße 7',
  SELLER_POSTCODE: '20457',
  SELLER_CITY: 'Hamburg',
  SELLER_VAT_ID: 'DE811907980',
  SELLER_IBAN: 'DE89370400440532013000',
  SELLER_BIC: 'COBADEFFXXX',
  SELLER_EMAIL: 'rechnung@restarts.test',
  SELLER_PHONE: '+49 40 123456',
  SELLER_CONTACT: 'Buchhaltung',
};
/** A first start on an empty database migrates and seeds (initdb in WebAssembly on PGlite): minutes when busy. */
const START_WITHIN_MS = 240_000;
export const EXPORT_WITHIN_MS = 300_000;
/** Two starts, an order and one export or two, on a machine the other tests share. */
export const TEST_TIMEOUT_MS = 2 * START_WITHIN_MS + 2 * EXPORT_WITHIN_MS;
/** Every process a test started, so a failed test leaves none behind. */
const instances: Instance[] = [];

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Instance {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** A fresh place for the product's data: a DATA_DIR, and on PostgreSQL a database of its own. */
async function dataPlace(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-restarts-'));
  let databaseUrl: string | undefined;
  const name = `sb_restarts_${randomBytes(5).toString('hex')}`;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
  }
  return {
    dataDir,
    databaseUrl,
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!databaseUrl) return;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export type Place = Awaited<ReturnType<typeof dataPlace>>;

export async function start(place: Place, port: number, env: Record<string, string> = {}): Promise<Instance> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: place.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: PRINT_WEB_DIST,
    APP_ENV: 'production',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STOCK_LIBRARY_SEED: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    ...SELLER,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  if (place.databaseUrl) childEnv.DATABASE_URL = place.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  instances.push({ child, output, exited });
  const deadline = Date.now() + START_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('').slice(-3000)}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, output, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready: ${output.join('').slice(-3000)}`);
    }
    await sleep(200);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export async function adminApi(port: number) {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const login = (await (
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { access_token: string };
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${login.access_token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as Json;
  };
}

export type Api = Awaited<ReturnType<typeof adminApi>>;

const releaseDate = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** A wedding album with every sticker cell filled (it passes the order preflight). */
export async function orderableAlbum(api: Api): Promise<string> {
  const { blueprints } = (await api('GET', '/blueprints')) as {
    blueprints: Array<{ id: string; blueprint_category: string }>;
  };
  const wedding = blueprints.find((blueprint) => blueprint.blueprint_category === 'wedding')!;
  const album = await api('POST', '/albums', {
    blueprint_id: wedding.id,
    title: 'Neustart',
    language: 'de',
    release_date: releaseDate(),
  });
  const doc = (await api('GET', `/albums/${album.id}`)) as { workspace: AlbumDocument; version: number };
  await api('POST', `/albums/${album.id}/mutations`, {
    patches: fillStickerCellsPatches(doc.workspace, 'restarts'),
    version: doc.version,
    clientId: 'restarts',
    mutationId: randomUUID(),
  });
  return album.id as string;
}

/** An order of a fresh album, placed as the checkout places it; answers its id. */
async function placeOrder(api: Api): Promise<string> {
  const albumId = await orderableAlbum(api);
  const { order } = await api(
    'POST',
    '/orders',
    {
      album_id: albumId,
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: 'erika@restarts.test',
      areaCode: '+49',
      phone: '171 2345678',
      address1: 'Hauptstraße 1',
      zipCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
      noAlbums: 50,
      orderFeatures: [],
      stickerPackagingType: 'stickerpack',
      releaseDate: releaseDate(),
      printConsent: true,
    },
    { 'idempotency-key': randomUUID() },
  );
  return order.id as string;
}

export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + EXPORT_WITHIN_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(250);
  }
}

/** Places an order and starts its artifact export; answers the order's id once the export is rendering. */
export async function startOrderExport(api: Api): Promise<string> {
  const orderId = await placeOrder(api);
  await api('POST', `/orders/${orderId}/esveco_artifact`);
  await until(
    'the export is rendering',
    () => api('GET', `/orders/${orderId}/esveco_artifact`),
    (artifact) => artifact.state !== 'working' || artifact.progress > 0,
  );
  return orderId;
}

/** The order's artifact export once it has ended (`what` names the wait in a timeout's message). */
export function orderExportEnded(api: Api, orderId: string, what: string): Promise<Json> {
  return until(
    what,
    () => api('GET', `/orders/${orderId}/esveco_artifact`),
    (state) => state.state !== 'working',
  );
}

/** The order's export entries on its timeline, read from the database once the server is gone. */
export async function exportSignals(place: Place, orderId: string): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  try {
    const rows = await database.db
      .select({ signal: orderUpdates.signal, metadata: orderUpdates.metadata })
      .from(orderUpdates)
      .where(eq(orderUpdates.orderId, orderId))
      .orderBy(orderUpdates.createdAt);
    // A failure carries its reason, so an assertion that fails says why.
    return rows
      .filter((row) => row.signal.startsWith('export_'))
      .map((row) =>
        row.signal === 'export_failed'
          ? `export_failed: ${(row.metadata as { error?: string }).error}`
          : row.signal,
      );
  } finally {
    await database.close();
  }
}

export async function stopped(instance: Instance, signal: NodeJS.Signals): Promise<number | null> {
  instance.child.kill(signal);
  return instance.exited;
}

export interface RestartSetup {
  place: Place;
  port: number;
}

/**
 * One restart scenario on each database kind: `setup` holds a fresh data place and port; every process the
 * scenario started is killed and the place removed afterwards, so a failed test leaves nothing behind.
 */
export function describeRestarts(body: (setup: RestartSetup) => void): void {
  describe.runIf(printTestsCanRun).each(DATABASE_KINDS)('restarts on %s', (kind) => {
    const setup = {} as RestartSetup;
    beforeAll(async () => {
      setup.place = await dataPlace(kind);
      setup.port = await freePort();
    });
    afterAll(async () => {
      for (const { child, exited } of instances.splice(0)) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
      await setup.place?.remove();
    }, TEST_TIMEOUT_MS);
    body(setup);
  });
}
