/**
 * Issue 8 figure: 100 contributors send real portraits (2600 px phone-size JPEGs made from the face model package's
 * demo photos, with a sensor's grain so they weigh what a phone's do) to one sticker link at once (declare, PUT,
 * submit each):
 * all stored, none lost, p95 of one contributor's whole submission < 3 s on loopback. Runs the bundled server
 * (`npm start`, with its in-process job worker) on a fresh data dir; the per-IP link limit is raised because every
 * contributor here comes from 127.0.0.1.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { faceApiSample } from '../../server/test/fixtures/images/upload-client.ts';
import { startServer } from './server-process.ts';

/** BENCH_STICKER_LINK_CONTRIBUTORS: a smaller burst for a quick look (the figure is 100). */
const CONTRIBUTORS = Number(process.env.BENCH_STICKER_LINK_CONTRIBUTORS ?? 100);
/** Single photos sent one at a time, each timed until the owner's open editor hears of it and of its face. */
const LIVE_ROUNDS = 5;

/** The product as `npm start` runs it (bundled server with its in-process job worker). */
async function startBenchServer(dataDir: string) {
  const server = await startServer(
    dataDir,
    {
      LOG_LEVEL: 'warn',
      APP_ENV: 'production',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      STICKER_LINK_SUBMISSIONS_PER_IP_PER_HOUR: '100000',
    },
    '/api/v1/health',
  );
  const killChild = () => {
    server.child.kill('SIGKILL');
    process.exit(1);
  };
  process.once('SIGTERM', killChild);
  process.once('SIGINT', killChild);
  return {
    baseUrl: server.baseUrl,
    pid: server.child.pid!,
    async stop() {
      process.off('SIGTERM', killChild);
      process.off('SIGINT', killChild);
      await server.stop();
    },
  };
}

/** CPU seconds (user + system, all threads) the process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One request on the contributor's connection; the body of a 2xx answer, else an error naming the status. */
function send(
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(text);
          else reject(new Error(`${method} ${new URL(url).pathname}: ${status} ${text.slice(0, 200)}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** CPU milliseconds the process's main thread (the event loop) has used so far, from /proc (Linux). */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const round = (value: number) => Math.round(value);

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-sticker-link-'));
  const server = await startBenchServer(dataDir);
  const api = async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, { ...init, headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  try {
    const { access_token: token } = await api<{ access_token: string }>('/auth/signup', {
      method: 'POST',
      body: JSON.stringify({ email: `bench-${Date.now()}@bench.test`, password: 'correct horse battery' }),
    });
    const { blueprints } = await api<{ blueprints: Array<{ id: string }> }>('/blueprints');
    const album = await api<{ id: string }>('/albums', {
      method: 'POST',
      token,
      body: JSON.stringify({ blueprint_id: blueprints[0].id }),
    });
    const enabled = await api<{ stickerUploadsPath: string }>(`/albums/${album.id}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ stickerUploadEnabled: true }),
    });
    const link = `/public/sticker_uploads/${enabled.stickerUploadsPath.replace('/s/', '')}`;

    // Real portraits: the face model package's demo photos (group and single portraits, 1920 px), scaled to a
    // phone photo's 2600 px with a phone sensor's grain on top, so each JPEG weighs what a phone's does (1-2 MB
    // rather than the 0.4-1 MB of the smooth upscaled photo); contributor i sends photo i mod 6, so face
    // detection has real faces to find.
    const photos = await Promise.all(
      ([1, 2, 3, 4, 5, 6] as const).map(async (n) => {
        const scaled = sharp(faceApiSample(n)).resize(2600, 2600, { fit: 'inside' });
        const size = await scaled.clone().raw().toBuffer({ resolveWithObject: true });
        const grain = await sharp({
          create: {
            width: size.info.width,
            height: size.info.height,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 16 },
          },
        })
          .png()
          .toBuffer();
        const { data, info } = await scaled
          .composite([{ input: grain, blend: 'overlay' }])
          .jpeg({ quality: 92 })
          .toBuffer({ resolveWithObject: true });
        return {
          photo: data,
          width: info.width,
          height: info.height,
          checksum: createHash('md5').update(data).digest('base64'),
        };
      }),
    );

    const phases: Array<{ declare: number; put: number; submit: number }> = [];
    const contribute = async (i: number) => {
      // Each contributor is a phone of their own: one connection, kept for its three requests. node:http
      // rather than fetch, so the load generator (on the same two cores) takes less CPU from the server.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const started = performance.now();
        const phase = { declare: 0, put: 0, submit: 0 };
        const { photo, checksum, width, height } = photos[i % photos.length];
        const upload = JSON.parse(
          await send(
            agent,
            'POST',
            `${server.baseUrl}/api/v1${link}/direct_uploads`,
            {
              'content-type': 'application/json',
            },
            JSON.stringify({
              filename: `p${i}.jpg`,
              byte_size: photo.length,
              checksum,
              content_type: 'image/jpeg',
            }),
          ),
        ) as { blob_id: string; upload_url: string; headers: Record<string, string> };
        phase.declare = performance.now() - started;
        await send(agent, 'PUT', new URL(upload.upload_url, server.baseUrl).href, upload.headers, photo);
        phase.put = performance.now() - started - phase.declare;
        await send(
          agent,
          'POST',
          `${server.baseUrl}/api/v1${link}`,
          { 'content-type': 'application/json' },
          JSON.stringify({
            sticker_upload: {
              name: `Contributor ${i}`,
              blob_id: upload.blob_id,
              client_id: `bench-contributor-${String(i).padStart(6, '0')}`,
              details: { width, height },
            },
          }),
        );
        const total = performance.now() - started;
        phase.submit = total - phase.declare - phase.put;
        phases.push(phase);
        return total;
      } finally {
        agent.destroy();
      }
    };

    const loadAtStart = (await import('node:os')).loadavg()[0].toFixed(1);
    const cpuAtStart = cpuSeconds(server.pid);
    const mainCpuAtStart = mainThreadCpuMs(server.pid);
    const clientCpuAtStart = process.cpuUsage();
    const wallStart = performance.now();
    const results = await Promise.allSettled(Array.from({ length: CONTRIBUTORS }, (_, i) => contribute(i)));
    const wallMs = performance.now() - wallStart;
    const burstCpu = cpuSeconds(server.pid) - cpuAtStart;
    const burstMainCpuMs = mainThreadCpuMs(server.pid) - mainCpuAtStart;
    const clientCpu = process.cpuUsage(clientCpuAtStart);
    const times = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failures = results.filter((r) => r.status === 'rejected');
    const { sticker_uploads } = await api<{ sticker_uploads: unknown[] }>(
      `/albums/${album.id}/sticker_uploads`,
      {
        token,
      },
    );
    // The owner's list shows each face once the image job has looked at its photo (a box, or null: no face).
    // Polled every second, so the time is to within a second; given up after 10 minutes (then the figures say how
    // many photos had been looked at by then).
    let facesReadyMs = Number.NaN;
    let facesFound = 0;
    let facesLookedAt = 0;
    for (;;) {
      const { sticker_uploads: rows } = await api<{
        sticker_uploads: Array<{ details: { face?: unknown } }>;
      }>(`/albums/${album.id}/sticker_uploads`, { token });
      facesLookedAt = rows.filter((row) => row.details.face !== undefined).length;
      facesFound = rows.filter((row) => row.details.face !== null && row.details.face !== undefined).length;
      if (facesLookedAt === rows.length) {
        facesReadyMs = performance.now() - wallStart;
        break;
      }
      if (performance.now() - wallStart > 600_000) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const jobsCpu = cpuSeconds(server.pid) - cpuAtStart - burstCpu;

    // Issue 22 item 9: one contributor at a time, with the owner's editor open on the album (its socket). From the
    // submission's answer to the `sticker_uploads_changed` that lists the upload, and to the one after which the
    // owner's list shows its face (what the sticker link panel shows; before, it waited for its 30 s poll).
    const owner = io(server.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { albumId: album.id },
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      owner.once('connect', resolve);
      owner.once('connect_error', reject);
    });
    const events: number[] = [];
    owner.on('sticker_uploads_changed', () => events.push(performance.now()));
    const nextEvent = async (after: number) => {
      const deadline = performance.now() + 60_000;
      for (;;) {
        const seen = events.find((at) => at >= after);
        if (seen !== undefined) return seen;
        if (performance.now() > deadline) throw new Error('no sticker_uploads_changed within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const listedMs: number[] = [];
    const faceMs: number[] = [];
    try {
      for (let round = 0; round < LIVE_ROUNDS; round++) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const { photo, checksum, width, height } = photos[round % photos.length];
        const upload = JSON.parse(
          await send(
            agent,
            'POST',
            `${server.baseUrl}/api/v1${link}/direct_uploads`,
            { 'content-type': 'application/json' },
            JSON.stringify({
              filename: 'live.jpg',
              byte_size: photo.length,
              checksum,
              content_type: 'image/jpeg',
            }),
          ),
        ) as { blob_id: string; upload_url: string; headers: Record<string, string> };
        await send(agent, 'PUT', new URL(upload.upload_url, server.baseUrl).href, upload.headers, photo);
        const sentAt = performance.now();
        const answer = JSON.parse(
          await send(
            agent,
            'POST',
            `${server.baseUrl}/api/v1${link}`,
            { 'content-type': 'application/json' },
            JSON.stringify({
              sticker_upload: {
                name: `Live ${round}`,
                blob_id: upload.blob_id,
                client_id: `bench-live-${String(round).padStart(6, '0')}`,
                details: { width, height },
              },
            }),
          ),
        ) as { id: string };
        agent.destroy();
        listedMs.push((await nextEvent(sentAt)) - sentAt);
        let after = sentAt;
        for (;;) {
          after = (await nextEvent(after)) + 0.001;
          const { sticker_uploads: rows } = await api<{
            sticker_uploads: Array<{ id: string; details: { face?: unknown } }>;
          }>(`/albums/${album.id}/sticker_uploads`, { token });
          if (rows.find((row) => row.id === answer.id)?.details.face !== undefined) break;
        }
        faceMs.push(performance.now() - sentAt);
      }
    } finally {
      owner.close();
    }
    return {
      'sticker link: contributors': CONTRIBUTORS,
      'sticker link: photo size, mean of the 6 portraits (MB)':
        Math.round((photos.reduce((sum, p) => sum + p.photo.length, 0) / photos.length / 2 ** 20) * 10) / 10,
      'sticker link: submissions failed': failures.length,
      [`sticker link: uploads stored (target ${CONTRIBUTORS})`]: sticker_uploads.length,
      'sticker link: submission p50 (ms)': round(percentile(times, 0.5)),
      'sticker link: submission p95 (ms, target < 3000)': round(percentile(times, 0.95)),
      [`sticker link: all ${CONTRIBUTORS} done (ms)`]: round(wallMs),
      'sticker link: p95 declare / PUT / submit (ms)': (['declare', 'put', 'submit'] as const)
        .map((key) =>
          round(
            percentile(
              phases.map((p) => p[key]),
              0.95,
            ),
          ),
        )
        .join(' / '),
      'sticker link: server CPU during the burst, per contribution (ms)': round(
        (burstCpu * 1000) / CONTRIBUTORS,
      ),
      'sticker link: server main thread CPU during the burst, per contribution (ms)': round(
        burstMainCpuMs / CONTRIBUTORS,
      ),
      'sticker link: load generator CPU during the burst, per contribution (ms)': round(
        (clientCpu.user + clientCpu.system) / 1000 / CONTRIBUTORS,
      ),
      [`sticker link: face detection finished and variants made for all ${CONTRIBUTORS}, from the start (ms)`]:
        round(facesReadyMs),
      'sticker link: photos looked at by face detection / with a face found': `${facesLookedAt}/${CONTRIBUTORS} / ${facesFound}/${CONTRIBUTORS}`,
      'sticker link: server CPU after the burst (faces, variants), per photo (ms)': round(
        (jobsCpu * 1000) / CONTRIBUTORS,
      ),
      [`sticker link: one photo to the owner's open editor, median of ${LIVE_ROUNDS}: listed / with its face (ms, was the 30 s poll)`]: `${round(percentile(listedMs, 0.5))} / ${round(percentile(faceMs, 0.5))}`,
      'sticker link: load average at start': loadAtStart,
      ...(failures.length > 0
        ? { 'sticker link: first failure': String((failures[0] as PromiseRejectedResult).reason) }
        : {}),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
