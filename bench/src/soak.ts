/**
 * Issue 24 item 4, a soak at scale: `npm run bench -- soak [--minutes N]` (default 10; only when named, as it
 * takes that long). The production setup on one machine: two API instances (`--api-only`) and one worker-only
 * instance (`--worker-only`, the print and image workers) on one PostgreSQL database and one Redis, the bundled
 * server (`npm start`'s dist/main.js) with a shared DATA_DIR for the files (local storage, as on a shared disk).
 *
 * The load, all through the real paths (socket.io for edits, REST for the rest), spread over both API instances as
 * a load balancer would:
 * - 100 editor clients, 4 per album, each changing one field of its own element every 2-4 s (a person's pace),
 *   an outbox like the web client's: what is queued goes as one mutation, one in flight at a time, and what is not
 *   acknowledged is sent again, with the same mutation id, after a reconnect (to the other instance when its own
 *   is down);
 * - 5 sticker link submissions a minute (declare, PUT the photo, submit; the worker makes its variants and finds
 *   faces);
 * - 20 checkouts a minute: a new album, the checkout quote (GET /albums/:id/checkout), the order (POST /orders with
 *   an idempotency key, tried again on the other instance with the same key when an answer is lost);
 * - a print export every 2 minutes (render job, on the worker's Chromium).
 * In the middle the second API instance is killed (SIGKILL: nothing drains) and started again 5 s later.
 *
 * Reports: p95 of mutation acknowledgements, quotes and orders; acknowledged edits lost (every acknowledged
 * mutation id must be in the album's log, and every element must hold its editor's last acknowledged value);
 * orders lost or doubled; jobs lost (exports and sticker photos not finished after the load stops and the queue
 * drains); each process's memory cold (started, before load), warm (after a fifth of the run, at most 2 minutes)
 * and at the end (growth is warm → end; the restarted instance from its restart); database connections (peak and end).
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL or postgres://postgres@127.0.0.1:5432/test: a database of its
 * own is created and dropped), Redis (REDIS_URL or redis://127.0.0.1:6379), the built web app and Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { type AlbumDocument } from '@stickerbook/model';
import { fillStickerCellsPatches } from '@stickerbook/model/testing';
import { faceApiSample } from '../../server/test/fixtures/images/upload-client.ts';
import { BENCH_ADMIN, treePssMiB } from './print-setup.ts';
import { BENCH_SELLER_ENV, freePort } from './server-process.ts';

/** Not part of a plain `npm run bench`: it runs for minutes. */
export const onlyWhenNamed = true;

/**
 * `--minutes N` (or `--minutes=N`, SOAK_MINUTES). Through `npm run bench -- soak --minutes 2` npm takes
 * `--minutes` for itself and passes on only the `2`, so a bare number counts too.
 */
function minutesAsked(args: string[]): number {
  const flag = args.findIndex((arg) => arg === '--minutes' || arg.startsWith('--minutes='));
  if (flag >= 0) return Number(args[flag]!.split('=')[1] ?? args[flag + 1]);
  const bare = args.find((arg) => /^\d+(\.\d+)?$/.test(arg));
  return Number(bare ?? process.env.SOAK_MINUTES ?? 10);
}
const MINUTES = minutesAsked(process.argv.slice(2));
const EDITORS = Number(process.env.SOAK_EDITORS ?? 100);
const EDITORS_PER_ALBUM = 4;
const SUBMISSIONS_PER_MINUTE = 5;
const ORDERS_PER_MINUTE = 20;
const EXPORT_EVERY_MS = 2 * 60_000;
const EDIT_EVERY_MS = [2_000, 4_000] as const;
const ACK_TIMEOUT_MS = 10_000;
/** After the load: how long the outboxes and the job queue get to empty. */
const DRAIN_MS = 5 * 60_000;

const serverDir = new URL('../../server', import.meta.url).pathname;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};
const ms = (value: number) => Math.round(value);
const between = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low);

function rssMiB(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
}

interface Instance {
  name: string;
  args: string[];
  port: number;
  child: ChildProcess;
  url: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export async function run(): Promise<Record<string, number | string>> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const databaseName = `sb_soak_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).href;
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-soak-'));
  const ports = [await freePort(), await freePort()];
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const env = (port: number): NodeJS.ProcessEnv => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // Exports render /render pages through the first API instance (a load balancer's address in production).
      PUBLIC_URL: apiUrls[0],
      JWT_SECRET: 'soak-secret-that-is-long-enough-for-hs256!!',
      APP_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      STOCK_LIBRARY_SEED: 'false',
      // Every simulated person comes from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      STICKER_LINK_SUBMISSIONS_PER_IP_PER_HOUR: '100000',
      ...BENCH_SELLER_ENV,
    };
    return childEnv;
  };
  const instances: Instance[] = [];
  const start = async (name: string, args: string[], port: number): Promise<Instance> => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js', ...args], {
      cwd: serverDir,
      env: env(port),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    const instance = { name, args, port, child, url: `http://127.0.0.1:${port}` };
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${output.slice(-2000)}`);
      const up = args.includes('--worker-only')
        ? output.includes('Worker-only mode')
        : await fetch(`${instance.url}/api/v1/ready`).then(
            (r) => r.ok,
            () => false,
          );
      if (up) break;
      if (i > 2400) throw new Error(`${name} did not start`);
      await sleep(100);
    }
    // The worker announces itself before its queues are worked; give it their start.
    if (args.includes('--worker-only')) await sleep(3_000);
    return instance;
  };
  // Interrupted: the instances go with us (the database and data dir stay; their names start sb_soak_ / sb-bench-soak-).
  const killAll = () => {
    instances.forEach((instance) => instance.child.kill('SIGKILL'));
    process.exit(130);
  };
  process.once('SIGINT', killAll);
  process.once('SIGTERM', killAll);

  try {
    // The first instance migrates and seeds; the others find it done.
    instances.push(await start('api-1', ['--api-only'], ports[0]!));
    instances.push(await start('api-2', ['--api-only'], ports[1]!));
    instances.push(await start('worker', ['--worker-only'], await freePort()));

    const call = async (
      base: string,
      method: string,
      path: string,
      token?: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Json> => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? undefined : response.json();
    };
    const adminToken = (await call(apiUrls[0]!, 'POST', '/auth/login', undefined, BENCH_ADMIN)).access_token;
    const signUp = async (label: string) =>
      (
        await call(apiUrls[0]!, 'POST', '/auth/signup', undefined, {
          email: `${label}-${randomUUID()}@soak.test`,
          password: 'correct horse battery',
        })
      ).access_token as string;
    const { blueprints } = await call(apiUrls[0]!, 'GET', '/blueprints');
    const wedding = (blueprints as Array<{ id: string; blueprint_category: string }>).find(
      (b) => b.blueprint_category === 'wedding',
    )!;
    const releaseDate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const newAlbum = async (token: string, title: string) =>
      (
        await call(apiUrls[0]!, 'POST', '/albums', token, {
          blueprint_id: wedding.id,
          title,
          language: 'de',
          release_date: releaseDate,
        })
      ).id as string;

    // Editors: one owner per album, its four editors in four tabs.
    interface Editor {
      albumId: string;
      token: string;
      nodeId: string;
      instance: number;
      value: number;
      outbox: Array<{ value: number; queuedAt: number }>;
      lastAcked?: number;
      socket?: Socket;
    }
    const editors: Editor[] = [];
    const editedAlbums: string[] = [];
    for (let a = 0; a < Math.ceil(EDITORS / EDITORS_PER_ALBUM); a++) {
      const token = await signUp(`owner${a}`);
      const albumId = await newAlbum(token, `Soak ${a}`);
      editedAlbums.push(albumId);
      const { workspace } = (await call(apiUrls[0]!, 'GET', `/albums/${albumId}`, token)) as {
        workspace: AlbumDocument;
      };
      const elements = Object.values(workspace.nodes).filter(
        (node) => typeof (node.props as Record<string, unknown>)?.x === 'number' && !node.props?.locked,
      );
      for (let e = 0; e < EDITORS_PER_ALBUM && editors.length < EDITORS; e++) {
        editors.push({
          albumId,
          token,
          nodeId: elements[e]!.id,
          instance: editors.length % 2,
          value: 0,
          outbox: [],
        });
      }
    }

    // Sticker link: one album collects the contributions.
    const linkOwner = await signUp('link-owner');
    const linkAlbum = await newAlbum(linkOwner, 'Soak sticker link');
    const enabled = await call(apiUrls[0]!, 'PATCH', `/albums/${linkAlbum}`, linkOwner, {
      stickerUploadEnabled: true,
    });
    const linkPath = `/public/sticker_uploads/${String(enabled.stickerUploadsPath).replace('/s/', '')}`;
    const photo = await sharp(faceApiSample(1)).resize(1600, 1600, { fit: 'inside' }).jpeg().toBuffer();
    const photoInfo = await sharp(photo).metadata();
    const photoChecksum = createHash('md5').update(photo).digest('base64');
    const customer = await signUp('customer');
    const exportAlbum = editedAlbums[0]!;

    // Database connections, every 5 s.
    const connections: number[] = [];
    const sampleConnections = async () => {
      const { rows } = await admin.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [databaseName],
      );
      connections.push(rows[0].n as number);
    };
    const connectionTimer = setInterval(() => void sampleConnections().catch(() => undefined), 5_000);

    const memoryAtStart = Object.fromEntries(
      instances.map((i) => [i.name, { rss: rssMiB(i.child.pid!), tree: treePssMiB(i.child.pid!) }]),
    );

    let running = true;
    const errors: string[] = [];
    const note = (what: string, error: unknown) => {
      if (errors.length < 20) errors.push(`${what}: ${(error as Error).message ?? error}`);
    };
    const up = [true, true];
    const pickInstance = (preferred: number) => (up[preferred] ? preferred : 1 - preferred);

    // Editors ------------------------------------------------------------------------------------------------
    const ackMs: number[] = [];
    const queuedToAckMs: number[] = [];
    const acked = new Map<string, Set<string>>(); // album -> mutation ids
    const connect = (editor: Editor) => {
      const index = pickInstance(editor.instance);
      const socket = io(apiUrls[index]!, {
        path: '/socket.io',
        transports: ['websocket'],
        query: { albumId: editor.albumId },
        auth: { token: editor.token },
        reconnection: false,
        forceNew: true,
      });
      editor.socket = socket;
      const again = () => {
        socket.removeAllListeners();
        socket.close();
        if (editor.socket === socket) editor.socket = undefined;
        // As a load balancer would: the next connection goes to whichever instance answers.
        editor.instance = 1 - editor.instance;
        if (running || editor.outbox.length > 0)
          setTimeout(() => connect(editor), 500 + Math.random() * 1000);
      };
      socket.on('disconnect', again);
      socket.on('connect_error', again);
    };
    const sendLoop = async (editor: Editor) => {
      // As the web client does (web/src/sync/albumSync.ts): what is queued goes as one mutation, one in flight,
      // and a mutation not acknowledged goes again with the same id.
      let batch: { mutationId: string; value: number; count: number } | undefined;
      while (running || editor.outbox.length > 0) {
        const socket = editor.socket;
        if (editor.outbox.length === 0 || !socket?.connected) {
          await sleep(100);
          continue;
        }
        batch ??= {
          mutationId: randomUUID(),
          value: editor.outbox.at(-1)!.value,
          count: editor.outbox.length,
        };
        const sent = performance.now();
        try {
          const answer = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('mutations', {
            patches: [{ op: 'replace', path: `/nodes/${editor.nodeId}/props/x`, value: batch.value }],
            version: 0,
            clientId: `soak-${editor.nodeId}`,
            mutationId: batch.mutationId,
          });
          if (answer?.ok) {
            ackMs.push(performance.now() - sent);
            for (const edit of editor.outbox.splice(0, batch.count))
              queuedToAckMs.push(performance.now() - edit.queuedAt);
            editor.lastAcked = batch.value;
            const ids = acked.get(editor.albumId) ?? new Set();
            ids.add(batch.mutationId);
            acked.set(editor.albumId, ids);
            batch = undefined;
          } else if (answer && !answer.error?.retryable) {
            note('mutation refused', new Error(answer.error?.code));
            editor.outbox.splice(0, batch.count);
            batch = undefined;
          }
        } catch {
          // No answer: the same mutation goes again, with the same id.
        }
      }
    };
    const editLoop = async (editor: Editor) => {
      await sleep(Math.random() * EDIT_EVERY_MS[1]);
      while (running) {
        editor.value = (editor.value + 1) % 400;
        editor.outbox.push({ value: editor.value, queuedAt: performance.now() });
        await sleep(between(EDIT_EVERY_MS));
      }
    };
    editors.forEach(connect);
    const editorWork = editors.flatMap((editor) => [sendLoop(editor), editLoop(editor)]);

    // Sticker link submissions -------------------------------------------------------------------------------
    const submitted: string[] = [];
    let submission = 0;
    const submit = () => retrying((attempt) => submitOnce(submission++ + attempt));
    const submitOnce = async (i: number) => {
      const base = apiUrls[pickInstance(i % 2)]!;
      const upload = await call(base, 'POST', `${linkPath}/direct_uploads`, undefined, {
        filename: `p${i}.jpg`,
        byte_size: photo.length,
        checksum: photoChecksum,
        content_type: 'image/jpeg',
      });
      const put = await fetch(new URL(upload.upload_url, base), {
        method: 'PUT',
        headers: upload.headers,
        body: photo,
      });
      if (!put.ok) throw new Error(`PUT photo: ${put.status}`);
      const clientId = `soak-contributor-${String(i).padStart(6, '0')}`;
      await call(base, 'POST', linkPath, undefined, {
        sticker_upload: {
          name: `Contributor ${i}`,
          blob_id: upload.blob_id,
          client_id: clientId,
          details: { width: photoInfo.width, height: photoInfo.height },
        },
      });
      submitted.push(clientId);
    };

    // Checkouts and orders -----------------------------------------------------------------------------------
    const quoteMs: number[] = [];
    const orderMs: number[] = [];
    const placedKeys: string[] = [];
    let checkout = 0;
    const order = async () => {
      const i = checkout++;
      const albumId = await retrying(async (attempt) => {
        const id = await newAlbum(customer, `Soak order ${i}`);
        const doc = await call(apiUrls[0]!, 'GET', `/albums/${id}`, customer);
        await call(apiUrls[pickInstance((i + attempt) % 2)]!, 'POST', `/albums/${id}/mutations`, customer, {
          patches: fillStickerCellsPatches(doc.workspace, 'soak'),
          version: doc.version,
          clientId: 'soak-orders',
          mutationId: randomUUID(),
        });
        return id;
      });
      let started = performance.now();
      await retrying(async (attempt) => {
        started = performance.now();
        await call(
          apiUrls[pickInstance((i + attempt) % 2)]!,
          'GET',
          `/albums/${albumId}/checkout?no_albums=50&sticker_packaging_type=stickerpack&country_code=DE`,
          customer,
        );
      });
      quoteMs.push(performance.now() - started);
      const key = randomUUID();
      const body = {
        album_id: albumId,
        firstName: 'Erika',
        lastName: 'Mustermann',
        email: 'erika@soak.test',
        areaCode: '+49',
        phone: '171 2345678',
        address1: 'Hauptstraße 1',
        zipCode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
        noAlbums: 50,
        orderFeatures: [],
        stickerPackagingType: 'stickerpack',
        releaseDate,
        printConsent: true,
      };
      started = performance.now();
      // A lost answer is asked again with the same key (on whichever instance answers): never a second order.
      await retrying((attempt) =>
        call(apiUrls[pickInstance((i + attempt) % 2)]!, 'POST', '/orders', customer, body, {
          'idempotency-key': key,
        }),
      );
      orderMs.push(performance.now() - started);
      placedKeys.push(key);
    };

    // Exports ------------------------------------------------------------------------------------------------
    const exportIds: string[] = [];
    const startExport = async () => {
      const { render_job: job } = await call(apiUrls[0]!, 'POST', '/exports/render_jobs', adminToken, {
        render_job: { params: { album_id: exportAlbum, format: 'pdf' }, settings: { preset: 'album_check' } },
      });
      exportIds.push(job.id);
    };

    /**
     * A person tries again when a page does not answer (here: the killed instance); the next try goes to the
     * other instance. Counted, so the report says how many answers the kill cost.
     */
    let triedAgain = 0;
    const retrying = async <T>(task: (attempt: number) => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await task(attempt);
        } catch (error) {
          if (attempt >= 4) throw error;
          triedAgain++;
          await sleep(1_000);
        }
      }
    };
    const every = (periodMs: number, what: string, task: () => Promise<void>) => {
      const tasks: Array<Promise<void>> = [];
      const timer = setInterval(() => {
        if (running) tasks.push(task().catch((error: unknown) => note(what, error)));
      }, periodMs);
      return async () => {
        clearInterval(timer);
        await Promise.all(tasks);
      };
    };
    const loadStarted = performance.now();
    const stopSubmissions = every(60_000 / SUBMISSIONS_PER_MINUTE, 'submission', submit);
    const stopOrders = every(60_000 / ORDERS_PER_MINUTE, 'order', order);
    await startExport().catch((error: unknown) => note('export', error));
    const stopExports = every(EXPORT_EVERY_MS, 'export', startExport);

    // Memory is compared from a warm start: the first minutes load code, caches, the face model and Chromium.
    await sleep(Math.min(120_000, (MINUTES * 60_000) / 5));
    const memoryWarm = Object.fromEntries(
      instances.map((i) => [i.name, { rss: rssMiB(i.child.pid!), tree: treePssMiB(i.child.pid!) }]),
    );
    // The second API instance dies in the middle and comes back 5 s later.
    await sleep(Math.max(0, (MINUTES * 60_000) / 2 - (performance.now() - loadStarted)));
    const victim = instances[1]!;
    up[1] = false;
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    await sleep(5_000);
    const restarted = await start('api-2', victim.args, victim.port);
    instances[1] = restarted;
    up[1] = true;
    const restartedMemory = { rss: rssMiB(restarted.child.pid!), tree: treePssMiB(restarted.child.pid!) };
    await sleep(Math.max(0, MINUTES * 60_000 - (performance.now() - loadStarted)));

    const memoryAtEnd = Object.fromEntries(
      instances.map((i) => [i.name, { rss: rssMiB(i.child.pid!), tree: treePssMiB(i.child.pid!) }]),
    );
    running = false;
    await Promise.all([stopSubmissions(), stopOrders(), stopExports()]);
    const drainUntil = Date.now() + DRAIN_MS;
    await Promise.race([Promise.all(editorWork), sleep(DRAIN_MS)]);
    const unsent = editors.reduce((sum, editor) => sum + editor.outbox.length, 0);
    editors.forEach((editor) => {
      editor.socket?.removeAllListeners();
      editor.socket?.close();
    });

    // Acknowledged edits: in the log, and the last one of each editor in the document.
    let lostEdits = 0;
    let wrongValues = 0;
    const checkDb = new pg.Client({ connectionString: databaseUrl });
    await checkDb.connect();
    for (const albumId of editedAlbums) {
      const ids = [...(acked.get(albumId) ?? [])];
      const { rows } = await checkDb.query(
        'SELECT mutation_id FROM album_mutations WHERE album_id = $1 AND mutation_id = ANY($2)',
        [albumId, ids],
      );
      lostEdits += ids.length - rows.length;
    }
    for (const albumId of editedAlbums) {
      const { workspace } = await call(apiUrls[0]!, 'GET', `/albums/${albumId}`, adminToken);
      for (const editor of editors.filter((e) => e.albumId === albumId)) {
        if (editor.lastAcked !== undefined && workspace.nodes[editor.nodeId].props.x !== editor.lastAcked)
          wrongValues++;
      }
    }

    // Orders: one per acknowledged key, none without.
    const { rows: orderRows } = await checkDb.query(
      'SELECT idempotency_key, count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1) GROUP BY 1',
      [placedKeys],
    );
    const { rows: allOrders } = await checkDb.query('SELECT count(*)::int AS n FROM orders');
    const ordersLost = placedKeys.length - orderRows.length;
    const ordersDoubled =
      orderRows.filter((row) => row.n > 1).length + Math.max(0, allOrders[0].n - placedKeys.length);

    // Jobs: every export finished, every sticker photo processed, once the queue has drained.
    let exportsUnfinished = exportIds.length;
    let photosUnfinished = submitted.length;
    while (Date.now() < drainUntil) {
      const { rows: jobs } = await checkDb.query(
        "SELECT count(*)::int AS n FROM render_jobs WHERE id = ANY($1) AND state = 'finished'",
        [exportIds],
      );
      exportsUnfinished = exportIds.length - jobs[0].n;
      const uploads = await call(apiUrls[0]!, 'GET', `/albums/${linkAlbum}/sticker_uploads`, linkOwner);
      const list = (uploads.sticker_uploads ?? uploads) as Array<{ state?: string }>;
      photosUnfinished =
        submitted.length -
        list.filter((u) => !['queued', 'working'].includes(String(u.state ?? 'finished'))).length;
      if (exportsUnfinished === 0 && photosUnfinished <= 0) break;
      await sleep(2_000);
    }
    // What an unfinished export is doing (still rendering on a slow machine is not lost; gone from the queue is).
    const { rows: exportStates } = await checkDb.query(
      `SELECT r.state, r.progress, j.state AS job_state FROM render_jobs r
       LEFT JOIN pgboss.job j ON j.data->>'renderJobId' = r.id::text
       WHERE r.id = ANY($1) AND r.state <> 'finished'`,
      [exportIds],
    );
    await checkDb.end();
    clearInterval(connectionTimer);
    await sampleConnections();

    const growth = (name: string, from: { rss: number }) =>
      `${ms(from.rss)} → ${ms(memoryAtEnd[name]!.rss)} MiB (${Math.round((100 * (memoryAtEnd[name]!.rss - from.rss)) / from.rss)} %)`;
    const cold = (name: string) => `${ms(memoryAtStart[name]!.rss)}`;
    return {
      minutes: MINUTES,
      'editor clients (albums)': `${editors.length} (${editedAlbums.length})`,
      'mutations acknowledged': ackMs.length,
      'mutation ack p50 / p95 / max (ms)': `${ms(percentile(ackMs, 50))} / ${ms(percentile(ackMs, 95))} / ${ms(Math.max(...ackMs))}`,
      'edit queued → acknowledged p95 / max (ms, includes the kill)': `${ms(percentile(queuedToAckMs, 95))} / ${ms(Math.max(...queuedToAckMs))}`,
      'acknowledged edits lost (log / last value)': `${lostEdits} / ${wrongValues}`,
      'edits never acknowledged (left in outboxes)': unsent,
      'sticker link submissions': submitted.length,
      'checkouts: quote p50 / p95 (ms)': `${ms(percentile(quoteMs, 50))} / ${ms(percentile(quoteMs, 95))}`,
      'orders placed: p50 / p95 (ms)': `${placedKeys.length}: ${ms(percentile(orderMs, 50))} / ${ms(percentile(orderMs, 95))}`,
      'orders lost / doubled': `${ordersLost} / ${ordersDoubled}`,
      'exports started / not finished': `${exportIds.length} / ${exportsUnfinished}${exportStates
        .map((row) => ` (${row.state} ${row.progress} %, job ${row.job_state ?? 'gone'})`)
        .join('')}`,
      'sticker photos not processed': Math.max(0, photosUnfinished),
      'memory api-1 RSS cold; warm → end': `${cold('api-1')}; ${growth('api-1', memoryWarm['api-1']!)}`,
      'memory api-2 RSS cold; warm (before the kill)': `${cold('api-2')}; ${ms(memoryWarm['api-2']!.rss)}`,
      'memory api-2 RSS restarted → end': growth('api-2', restartedMemory),
      'memory worker RSS cold; warm → end': `${cold('worker')}; ${growth('worker', memoryWarm.worker!)}`,
      'memory worker with Chromium, PSS cold; warm → end (MiB)': `${ms(memoryAtStart.worker!.tree)}; ${ms(memoryWarm.worker!.tree)} → ${ms(memoryAtEnd.worker!.tree)}`,
      'requests tried again on the other instance (the kill)': triedAgain,
      'database connections peak / end': `${Math.max(...connections)} / ${connections.at(-1)}`,
      'errors (first 20)': errors.join(' | ') || 'none',
    };
  } finally {
    process.off('SIGINT', killAll);
    process.off('SIGTERM', killAll);
    for (const instance of instances) {
      if (instance.child.exitCode === null) {
        const exited = new Promise((r) => instance.child.once('exit', r));
        instance.child.kill('SIGTERM');
        await Promise.race([exited, sleep(30_000)]);
        instance.child.kill('SIGKILL');
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
