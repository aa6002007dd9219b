/**
 * Issue 13 figures: the checkout quote (GET /albums/:id/checkout) p95 < 20 ms and POST /orders p95 < 100 ms, each
 * at 20 concurrent clients, on the embedded database (`npm start`'s bundled server on a fresh data dir).
 *
 * Anchor: GET /health at the same concurrency, one small query through the same app and database, measured in
 * alternating rounds with the quote so a busy machine moves both alike. Each client is one keep-alive connection
 * on node:http (less load-generator CPU on the shared cores than fetch). Orders are real: each has its own
 * Idempotency-Key, goes through the rules, the preflight, the pricing and the transaction, and queues its mail.
 * Also reported: the server's own CPU per request, the figure a busy machine disturbs least.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.ts';

const CLIENTS = 20;
const ROUNDS = 3;
const ROUND_MS = 4_000;
const ORDERS_PER_CLIENT_PER_ROUND = 10;

interface Answer {
  status: number;
  body: string;
}

function send(
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** CPU milliseconds (user + system, all threads) of a process so far (Linux /proc, 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};
const median = (values: number[]) => percentile(values, 0.5);
const ms = (value: number) => Math.round(value * 10) / 10;

interface Round {
  latencies: number[];
  failures: number;
}

/** CLIENTS connections, each sending `request(client, i)` one after the other until `until()` says stop. */
async function load(
  agents: http.Agent[],
  request: (agent: http.Agent, client: number, i: number) => Promise<Answer>,
  until: (i: number, startedAt: number) => boolean,
  ok: (answer: Answer) => boolean,
): Promise<Round> {
  const latencies: number[] = [];
  let failures = 0;
  const startedAt = performance.now();
  await Promise.all(
    agents.map(async (agent, client) => {
      for (let i = 0; !until(i, startedAt); i++) {
        const before = performance.now();
        const answer = await request(agent, client, i);
        const elapsed = performance.now() - before;
        if (ok(answer)) latencies.push(elapsed);
        else if (failures++ === 0)
          console.error(`  unexpected answer ${answer.status}: ${answer.body.slice(0, 300)}`);
      }
    }),
  );
  return { latencies, failures };
}

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-orders-'));
  const server = await startServer(dataDir, { APP_ENV: 'production', LOG_LEVEL: 'warn' }, '/api/v1/health');
  const api = `${server.baseUrl}/api/v1`;
  const setup = new http.Agent({ keepAlive: true });
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: object,
    extra: Record<string, string> = {},
  ) => {
    const answer = await send(
      setup,
      method,
      `${api}${path}`,
      {
        'content-type': 'application/json',
        'accept-language': 'de',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extra,
      },
      body ? JSON.stringify(body) : '',
    );
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body || '{}') as Record<string, unknown>;
  };
  const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const { access_token: token } = (await call('POST', '/auth/signup', undefined, {
      email: `orders-${Date.now()}@bench.test`,
      password: 'correct horse battery',
    })) as { access_token: string };
    const albumId = await orderableAlbum(call, token);
    const auth = { authorization: `Bearer ${token}`, 'accept-language': 'de' };
    const quoteUrl = `${api}/albums/${albumId}/checkout?no_albums=50&sticker_packaging_type=stickerpack&country_code=DE&order_features=gift_wrapping`;
    const sample = await call('GET', `/albums/${albumId}/checkout?no_albums=50&country_code=DE`, token);
    const gross = (sample.checkout as { amount_gross_human: string }).amount_gross_human;

    const pid = server.child.pid!;
    const timed = (_i: number, startedAt: number) => performance.now() - startedAt > ROUND_MS;
    const isOk = (answer: Answer) => answer.status === 200;
    // Warm-up: JIT, prepared statements, the album's preflight cache.
    await load(
      agents,
      (agent) => send(agent, 'GET', quoteUrl, auth),
      (i) => i >= 20,
      isOk,
    );

    const anchorP95: number[] = [];
    const quoteP95: number[] = [];
    let quoteFailures = 0;
    let quoteCpu = 0;
    let quoteCount = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const anchor = await load(agents, (agent) => send(agent, 'GET', `${api}/health`, {}), timed, isOk);
      anchorP95.push(percentile(anchor.latencies, 0.95));
      const cpuBefore = cpuMs(pid);
      const quotes = await load(agents, (agent) => send(agent, 'GET', quoteUrl, auth), timed, isOk);
      quoteCpu += cpuMs(pid) - cpuBefore;
      quoteCount += quotes.latencies.length + quotes.failures;
      quoteFailures += quotes.failures;
      quoteP95.push(percentile(quotes.latencies, 0.95));
    }

    const orderBody = (releaseDate: string) =>
      JSON.stringify({
        album_id: albumId,
        firstName: 'Erika',
        lastName: 'Mustermann',
        email: 'erika@bench.test',
        phone: '0171 2345678',
        areaCode: '+49',
        address1: 'Hauptstraße 1',
        zipCode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
        noAlbums: 50,
        orderFeatures: ['gift_wrapping'],
        stickerPackagingType: 'stickerpack',
        releaseDate,
        printConsent: true,
      });
    const body = orderBody(new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10));
    const place = (agent: http.Agent) =>
      send(
        agent,
        'POST',
        `${api}/orders`,
        { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body,
      );
    await load(
      agents,
      place,
      (i) => i >= 2,
      (answer) => answer.status === 201,
    );
    const orderP95: number[] = [];
    const orderP50: number[] = [];
    let orderFailures = 0;
    let orderCpu = 0;
    let orderCount = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const cpuBefore = cpuMs(pid);
      const orders = await load(
        agents,
        place,
        (i) => i >= ORDERS_PER_CLIENT_PER_ROUND,
        (answer) => answer.status === 201,
      );
      orderCpu += cpuMs(pid) - cpuBefore;
      orderCount += orders.latencies.length + orders.failures;
      orderFailures += orders.failures;
      orderP95.push(percentile(orders.latencies, 0.95));
      orderP50.push(percentile(orders.latencies, 0.5));
    }
    const listed = await call('GET', '/orders?per=1', token);

    return {
      'quote sample (50 albums, stickerpack, DE), gross': gross,
      [`anchor GET /health p95, ${CLIENTS} clients (median of ${ROUNDS} rounds), ms`]: ms(median(anchorP95)),
      [`GET /albums/:id/checkout p95, ${CLIENTS} clients (median of ${ROUNDS} rounds; rounds), ms`]: `${ms(median(quoteP95))} (${quoteP95.map(ms).join(' / ')})`,
      'GET /albums/:id/checkout server CPU per request, ms': ms(quoteCpu / quoteCount),
      'GET /albums/:id/checkout failures': quoteFailures,
      [`POST /orders p50 / p95, ${CLIENTS} clients (median of ${ROUNDS} rounds), ms`]: `${ms(median(orderP50))} / ${ms(median(orderP95))} (p95 rounds ${orderP95.map(ms).join(' / ')})`,
      'POST /orders server CPU per order, ms': ms(orderCpu / orderCount),
      'POST /orders failures / orders stored': `${orderFailures} / ${(listed.pagination as { total: number }).total}`,
    };
  } finally {
    for (const agent of [setup, ...agents]) agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Call = (method: string, path: string, token?: string, body?: object) => Promise<Record<string, unknown>>;

/**
 * An album of a seeded template without preflight errors, as a customer's would be before ordering: the template's
 * empty sticker cells and unnamed stickers are fixed through the mutations route, like an editor would.
 */
async function orderableAlbum(call: Call, token: string): Promise<string> {
  const { blueprints } = (await call('GET', '/blueprints')) as { blueprints: Array<{ id: string }> };
  for (const blueprint of blueprints) {
    const { id } = (await call('POST', '/albums', token, { blueprint_id: blueprint.id, language: 'de' })) as {
      id: string;
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const album = (await call('GET', `/albums/${id}`, token)) as {
        version: number;
        errors: Array<{ code: string; element_id?: string; sticker_id?: string }>;
      };
      if (album.errors.length === 0) return id;
      if (album.errors.some((error) => error.code === 'EMPTY_SECTION')) break;
      const patches = album.errors.flatMap((error) =>
        error.code === 'STICKER_WITHOUT_NAME' && error.sticker_id
          ? [{ op: 'replace', path: `/stickers/${error.sticker_id}/name`, value: 'Alex' }]
          : error.element_id
            ? [{ op: 'remove', path: `/nodes/${error.element_id}` }]
            : [],
      );
      await call('POST', `/albums/${id}/mutations`, token, {
        patches,
        version: album.version,
        clientId: 'bench',
        mutationId: `bench-fix-${randomUUID()}`,
      });
    }
  }
  throw new Error('no seeded template gives an album without preflight errors');
}
