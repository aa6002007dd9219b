/**
 * Issue 14 figure: artifact export time for a 48-page album. A customer order of the print bench's album (the
 * wedding blueprint grown to 24 inner spreads, a full-bleed 300 dpi photo on each of the 48 inner pages, every
 * sticker cell filled) is placed through POST /orders; then the admin starts the order's artifact export the way
 * the order page's button does (POST /orders/{id}/esveco_artifact) and the bench polls GET
 * /orders/{id}/esveco_artifact, as the page does, until the timeline says export_completed.
 *
 * Reports the total (request to export_completed), the zip's size and its files with their sizes (from the zip's
 * manifest.json). The job reports no per-file times, only its progress: rendering is 90 % of it, a quarter per
 * print preset reached once that PDF is finished (PDF/X and photos included), so the time at which the progress
 * first reached each quarter gives each PDF's time (to within the polling interval), and what follows 90 % is the
 * zip. The worker's Chromium starts cold, as for the first export after a deploy.
 *
 * Needs the built web app (`npm run build -w web`, or WEB_DIST) and Debian's chromium and unzip.
 */
import { execFile } from 'node:child_process';
import { fillStickerCellsPatches } from '@stickerbook/model/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  adminApi,
  benchServerEnv,
  photoAlbum,
  sampler,
  startSourceServer,
  stopProcess,
  waitForServer,
  type Api,
} from './print-setup.ts';
import { freePort } from './server-process.ts';

const exec = promisify(execFile);
const INNER_SPREADS = 24;
const POLL_MS = 250;
/** The artifact's print presets in the job's order (server/src/orders/esveco-json.ts ARTIFACT_PRESETS). */
const PRESETS = ['album_softcover_inside', 'album_softcover', 'stickers', 'stickerpack'];

interface Artifact {
  state: 'none' | 'working' | 'finished' | 'error';
  progress: number;
  blob_url: string | null;
  byte_size: number | null;
  error: string | null;
}

/** Every empty sticker cell gets a named sticker and every sticker a name, so the album passes the preflight. */
async function makeOrderable(api: Api, albumId: string): Promise<void> {
  const album = await api('GET', `/albums/${albumId}`);
  const patches = fillStickerCellsPatches(album.workspace, 'bench-guest');
  await api('POST', `/albums/${albumId}/mutations`, {
    patches,
    version: album.version,
    clientId: 'bench',
    mutationId: `bench-orderable-${randomUUID()}`,
  });
  const { errors } = await api('GET', `/albums/${albumId}`);
  if (errors.length > 0) throw new Error(`the album does not pass the preflight: ${JSON.stringify(errors)}`);
}

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-artifact-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startSourceServer(benchServerEnv(port, dataDir));
  try {
    await waitForServer(baseUrl, server);
    const api = await adminApi(baseUrl);
    const releaseDate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const albumId = await photoAlbum(api, baseUrl, INNER_SPREADS, {
      language: 'de',
      release_date: releaseDate,
    });
    await makeOrderable(api, albumId);
    const { order } = await api(
      'POST',
      '/orders',
      {
        album_id: albumId,
        firstName: 'Erika',
        lastName: 'Mustermann',
        email: 'erika@bench.test',
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
      },
      { 'idempotency-key': randomUUID() },
    );

    // The order page's button, then its polling; each quarter of the progress is one preset's PDF done.
    const memory = sampler(server.pid!);
    const started = performance.now();
    let artifact: Artifact = await api('POST', `/orders/${order.id}/esveco_artifact`);
    const reached: number[] = [];
    while (artifact.state === 'working') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      artifact = await api('GET', `/orders/${order.id}/esveco_artifact`);
      const at = performance.now() - started;
      PRESETS.forEach((_, i) => {
        if (reached[i] === undefined && artifact.progress >= Math.floor((90 * (i + 1)) / PRESETS.length))
          reached[i] = at;
      });
    }
    const totalMs = performance.now() - started;
    const peak = memory.stop();
    if (artifact.state !== 'finished' || !artifact.blob_url)
      throw new Error(`artifact export ended ${artifact.state}: ${artifact.error}`);

    const zipPath = join(dataDir, 'artifact.zip');
    const download = await fetch(new URL(artifact.blob_url, baseUrl));
    if (!download.ok) throw new Error(`artifact download: ${download.status}`);
    writeFileSync(zipPath, Buffer.from(await download.arrayBuffer()));
    const manifest = JSON.parse((await exec('unzip', ['-p', zipPath, 'manifest.json'])).stdout) as {
      files: Array<{ name: string; size: number }>;
    };
    const pages = (
      await exec('unzip', ['-p', zipPath, `${PRESETS[0]}.pdf`], { encoding: 'buffer', maxBuffer: 2 ** 30 })
    ).stdout;
    const pagesPath = join(dataDir, 'inside.pdf');
    writeFileSync(pagesPath, pages);
    const innerPages = Number(/Pages:\s+(\d+)/.exec((await exec('pdfinfo', [pagesPath])).stdout)![1]);

    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
    const perFile = Object.fromEntries(
      PRESETS.map((preset, i) => [
        `${preset}.pdf render (s, from the progress polled every ${POLL_MS} ms)`,
        reached[i] === undefined ? 'not seen' : seconds(reached[i]! - (reached[i - 1] ?? 0)),
      ]),
    );
    return {
      'artifact export time for a 48-page album, request to export_completed (s)': seconds(totalMs),
      'inner pages in album_softcover_inside.pdf': innerPages,
      'zip size (MB)': mb(statSync(zipPath).size),
      'zip size as the timeline records it (bytes)': artifact.byte_size ?? 'missing',
      'files in the zip (MB each)': manifest.files.map((file) => `${file.name} ${mb(file.size)}`).join(', '),
      ...perFile,
      'zip and store after the last PDF (s)':
        reached[PRESETS.length - 1] === undefined
          ? 'not seen'
          : seconds(totalMs - reached[PRESETS.length - 1]!),
      'peak PSS of the server with its Chromium and Ghostscript (MiB)': Math.round(peak),
    };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (result) => console.log(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
