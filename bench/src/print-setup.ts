/**
 * What the print benchmarks share (print.ts, print-workers.ts, artifact-export.ts): the server from source on a
 * fresh data dir with the bench admin, the admin's API client, the memory of a process tree, and the bench album,
 * the wedding blueprint grown to a number of inner spreads with a full-bleed 300 dpi photo on every page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateNKeysBetween } from 'fractional-indexing';
import sharp from 'sharp';
import { BENCH_SELLER_ENV } from './server-process.ts';

const repoRoot = new URL('../..', import.meta.url).pathname;
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
export const PHOTO = { width: 2764, height: 3555 }; // 234 x 301 mm (page + bleed) at 300 dpi

/**
 * The environment of a bench server on `port` with `dataDir`: production mode, the bench admin, the embedded
 * database unless `databaseUrl` names a PostgreSQL database (an empty one: the server migrates it), no Redis.
 */
export function benchServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
  databaseUrl?: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    APP_ENV: 'production',
    ...BENCH_SELLER_ENV,
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/**
 * Starts server/src/main.ts with `env` (and `args`, e.g. `--worker-only`). Its stderr goes to ours, line by line
 * through `onStderrLine` when given (which then decides what to print).
 */
export function startSourceServer(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  onStderrLine?: (line: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: join(repoRoot, 'server'),
    env,
    stdio: ['ignore', 'ignore', onStderrLine ? 'pipe' : 'inherit'],
  });
  if (onStderrLine) {
    let partial = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) onStderrLine(line);
    });
  }
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Waits for GET /health of the server `child` serves at `baseUrl` (up to two minutes: tsx compiles on start). */
export async function waitForServer(baseUrl: string, child: ChildProcess): Promise<void> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (i > 2400) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The API's answers, as JSON the bench reads field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
export type Api = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Json>;

/** The bench admin's JSON client for `baseUrl`'s API: anything but a 2xx throws with the status and body. */
export async function adminApi(baseUrl: string): Promise<Api> {
  const login = await (
    await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    })
  ).json();
  const auth = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { ...auth, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
}

/** Summed PSS (MiB) of a process and all its descendants (the server and the Chromium it drives). */
export function treePssMiB(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    try {
      total += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))![1]);
    } catch {
      // gone
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

/** The peak of treePssMiB(rootPid), sampled every 100 ms until `stop()`. */
export function sampler(rootPid: number) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treePssMiB(rootPid))), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treePssMiB(rootPid));
    },
  };
}

async function photo(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,30%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},70%,70%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${1000 + seed * 20}" cy="1500" r="700" fill="hsl(${(hue + 200) % 360},50%,60%)"/></svg>`;
  // Photo-like texture (noise) so the JPEG has a realistic size (~2 MB), not a few kB of gradient.
  const noise = await sharp({
    create: {
      width: PHOTO.width,
      height: PHOTO.height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * The bench album: the wedding blueprint grown to `spreads` inner spreads, a full-bleed 300 dpi photo on each
 * page, uploaded through the API with its variants (and CMYK copies) made. Returns the album's id.
 */
export async function photoAlbum(
  api: Api,
  baseUrl: string,
  spreads: number,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const album = await api('POST', '/albums', {
    blueprint_id: 'wedding-classic',
    title: 'Benchmark Album',
    ...fields,
  });
  const imageIds: string[] = [];
  for (let i = 0; i < 2 * spreads; i++) {
    const bytes = await photo(i);
    const upload = await api('POST', '/direct_uploads', {
      filename: `p${i}.jpg`,
      byte_size: bytes.length,
      checksum: createHash('md5').update(bytes).digest('base64'),
      content_type: 'image/jpeg',
    });
    const put = await fetch(new URL(upload.upload_url, baseUrl), {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(bytes),
    });
    if (!put.ok) throw new Error(`upload failed: ${await put.text()}`);
    imageIds.push(
      (await api('POST', `/albums/${album.id}/images`, { blob_id: upload.blob_id, model: 'image' })).id,
    );
  }
  // Let the variant jobs finish first: they would compete for the two cores.
  for (const id of imageIds) {
    for (let i = 0; (await api('GET', `/images/${id}`)).state !== 'finished'; i++) {
      if (i > 1200) throw new Error('image variants did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const doc = (await api('GET', `/albums/${album.id}`)).workspace;
  const nodes = Object.values(doc.nodes) as Array<{
    id: string;
    type: string;
    parentId: string | null;
    index: string;
  }>;
  const byIndex = (a: { index: string; id: string }, b: { index: string; id: string }) =>
    a.index < b.index ? -1 : a.index > b.index ? 1 : a.id < b.id ? -1 : 1;
  const sections = nodes.filter((n) => n.parentId === doc.rootId).sort(byIndex);
  const spreadsOf = (sectionId: string) =>
    nodes.filter((n) => n.parentId === sectionId && n.type === 'Spread').sort(byIndex);
  const inner = sections.flatMap((s) => spreadsOf(s.id)).slice(1);
  const patches: Array<{ op: 'add'; path: string; value: unknown }> = [];
  const contentSection = sections[1];
  const lastKey = spreadsOf(contentSection.id).at(-1)!.index;
  const extraKeys = generateNKeysBetween(lastKey, null, spreads - inner.length);
  const spreadIds = inner.map((s) => s.id);
  extraKeys.forEach((index, i) => {
    const id = `bench-spread-${i}`;
    spreadIds.push(id);
    patches.push({
      op: 'add',
      path: `/nodes/${id}`,
      value: { id, type: 'Spread', parentId: contentSection.id, index, props: {} },
    });
  });
  spreadIds.forEach((spreadId, s) => {
    const top =
      nodes
        .filter((n) => n.parentId === spreadId)
        .sort(byIndex)
        .at(-1)?.index ?? null;
    const [left, right] = generateNKeysBetween(top, null, 2);
    for (const [side, index] of [
      [0, left],
      [1, right],
    ] as const) {
      const id = `bench-photo-${s}-${side}`;
      patches.push({
        op: 'add',
        path: `/nodes/${id}`,
        value: {
          id,
          type: 'Image',
          parentId: spreadId,
          index,
          props: { x: side * 230, y: 0, width: 230, height: 297, image: imageIds[2 * s + side] },
        },
      });
    }
  });
  const version = (await api('GET', `/albums/${album.id}`)).version;
  await api('POST', `/albums/${album.id}/mutations`, {
    patches,
    version,
    clientId: 'bench',
    mutationId: 'bench-1',
  });
  return album.id as string;
}
