/**
 * Issue 7 and 17 figures: export a 24-spread album (cover + 24 inner spreads = 48 inner pages, each with a
 * full-bleed 300 dpi photo) with the album_softcover_inside preset, end to end (job queued -> file stored), both as
 * the PDF/X-4 file the preset makes by default (what an order sends to the printer) and as the plain print PDF,
 * against the physical limit measured in the same run: the same pages, pre-rendered to static HTML, printed by an
 * already running Chromium (load, page.pdf, write; the launch is not counted, as a warm export does not pay it).
 * Reports the ratios (targets: plain <= 1.5, PDF/X <= 2), where the PDF/X export's time goes (per stage, per
 * page), pages per second, peak memory (summed PSS of the server, its Chromium and Ghostscript), whether every
 * photo kept its full resolution, and how the colour of a photo page compares with the previous PDF/X pipeline
 * (one Ghostscript pass over the whole page, photos included), both rendered by pdftoppm.
 *
 * Needs the built web app (`npm run build -w web`, or WEB_DIST) and Debian's chromium and poppler-utils.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { convertToCmyk } from '../../server/src/print/pdfx.ts';
import {
  PHOTO,
  adminApi,
  benchServerEnv,
  photoAlbum,
  sampler,
  startSourceServer,
  stopProcess,
  waitForServer,
} from './print-setup.ts';
import { freePort } from './server-process.ts';

const exec = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const INNER_SPREADS = 24;

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-print-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stages = new Map<string, Record<string, number>>();
  // The worker logs where each export's time went (open, ready, print, boxes, pdfx, photos).
  const server = startSourceServer(benchServerEnv(port, dataDir, { PRINT_TIMINGS: '1' }), [], (line) => {
    const timing = /^\[render export\] (\S+) \d+ pages (.*)$/.exec(line);
    if (!timing) {
      process.stderr.write(`${line}\n`);
      return;
    }
    stages.set(
      timing[1],
      Object.fromEntries([...timing[2].matchAll(/"?(\w+)"?: ?(\d+)/g)].map((m) => [m[1], Number(m[2])])),
    );
  });
  try {
    await waitForServer(baseUrl, server);
    const api = await adminApi(baseUrl);

    const album = { id: await photoAlbum(api, baseUrl, INNER_SPREADS) };

    // Our pipeline, end to end: queued -> working -> file stored (the worker's first job: Chromium starts cold).
    const exportOnce = async (pdfx: boolean) => {
      const memory = sampler(server.pid!);
      const started = performance.now();
      const { render_job } = await api('POST', '/exports/render_jobs', {
        // The preset's own file is PDF/X; `pdfx: false` is the plain print PDF of the same pages.
        render_job: {
          params: { album_id: album.id, ...(pdfx ? {} : { pdfx: false }) },
          settings: { preset: 'album_softcover_inside' },
        },
      });
      let job = render_job;
      while (job.state !== 'finished' && job.state !== 'error') {
        await new Promise((r) => setTimeout(r, 25));
        job = (await api('GET', `/render_jobs?album_id=${album.id}`)).render_jobs.find(
          (j: { id: string }) => j.id === render_job.id,
        );
      }
      const ms = performance.now() - started;
      const peak = memory.stop();
      if (job.state !== 'finished') throw new Error(`export failed: ${job.error}`);
      return { ms, peak, job, stages: stages.get(job.id) ?? {} };
    };
    // The worker's first job (Chromium starts cold) is the preset's PDF/X file.
    const cold = await exportOnce(true);

    // The physical limit: the same 48 pages as static HTML (the /render DOM, scripts removed), printed directly.
    const token = (
      await api('POST', '/exports/render_jobs', {
        render_job: { params: { album_id: album.id, mode: 'stickerpack' } },
      })
    ).meta.token;
    const capture = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const capturePage = await capture.newPage();
    await capturePage.goto(
      `${baseUrl}/render/${album.id}?token=${token}&mode=album_softcover_inside&resolution=original&includeBleed=1&cropMarks=1`,
    );
    await capturePage.waitForFunction(
      () => (window as unknown as { __renderReady?: boolean }).__renderReady === true,
      undefined,
      { timeout: 300_000 },
    );
    const html = (await capturePage.content()).replace(/<script[\s\S]*?<\/script>/g, '');
    await capture.close();
    /**
     * Load (the photos come from the server, as for our export), then print 8 pages per page.pdf call the way the
     * worker does: print media set once, only the chunk's sheets shown. With 150 MB of photos that is several
     * times faster than one call for all 48 pages (earlier runs: 26.9 s and 67.6 s against 9.7 s and 16.5 s for
     * 8-page pageRanges calls) and faster than pageRanges over the whole document, so it is the limit. Chromium is
     * launched before the clock starts: the worker's browser is running when a warm export begins.
     */
    const physicalOnce = async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      const memory = sampler(process.pid);
      const started = performance.now();
      const page = await browser.newPage();
      // Served on the server's own origin (its images are same-origin only), straight from memory.
      await page.route(`${baseUrl}/static-print.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: html }),
      );
      // 150 MB of photos: on a busy shared machine loading them took more than Playwright's default 30 s.
      await page.goto(`${baseUrl}/static-print.html`, { waitUntil: 'load', timeout: 300_000 });
      await page.evaluate(() => document.fonts.ready);
      await page.emulateMedia({ media: 'print' });
      const loadMs = performance.now() - started;
      const files: string[] = [];
      for (let from = 0; from < 2 * INNER_SPREADS; from += 8) {
        const file = join(dataDir, `baseline-${from}.pdf`);
        await page.evaluate(
          ([a, b]) =>
            document.querySelectorAll<HTMLElement>('[data-print-sheet]').forEach((sheet, i) => {
              sheet.hidden = i < a || i >= b;
            }),
          [from, from + 8] as const,
        );
        writeFileSync(
          file,
          await page.pdf({
            width: '251mm',
            height: '318mm',
            printBackground: true,
            margin: { top: '0', right: '0', bottom: '0', left: '0' },
          }),
        );
        files.push(file);
      }
      const ms = performance.now() - started;
      const peak = memory.stop();
      await browser.close();
      return { ms, loadMs, peak, files };
    };
    // Alternated, twice each, so all three see the same load on a shared machine; the medians count.
    const plainRuns: Array<Awaited<ReturnType<typeof exportOnce>>> = [];
    const pdfxRuns: Array<Awaited<ReturnType<typeof exportOnce>>> = [];
    const physicalRuns: Array<Awaited<ReturnType<typeof physicalOnce>>> = [];
    const rounds = Number(process.env.BENCH_PRINT_ROUNDS) || 2;
    for (let i = 0; i < rounds; i++) {
      plainRuns.push(await exportOnce(false));
      pdfxRuns.push(await exportOnce(true));
      physicalRuns.push(await physicalOnce());
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
    };
    const plainMs = median(plainRuns.map((r) => r.ms));
    const pdfxMs = median(pdfxRuns.map((r) => r.ms));
    const limitMs = median(physicalRuns.map((r) => r.ms));

    const fetchFile = async (run: { job: { file_url: string } }, name: string) => {
      const path = join(dataDir, name);
      writeFileSync(path, Buffer.from(await (await fetch(new URL(run.job.file_url, baseUrl))).arrayBuffer()));
      return path;
    };
    const plainPath = await fetchFile(plainRuns.at(-1)!, 'export.pdf');
    const pdfxPath = await fetchFile(pdfxRuns.at(-1)!, 'export-pdfx.pdf');
    const fullResolution = async (path: string) => {
      const listed = (await exec('pdfimages', ['-list', path])).stdout
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((l) => l.trim().split(/\s+/));
      const objects = new Set(
        listed
          .filter((c) => Number(c[3]) === PHOTO.width && Number(c[4]) === PHOTO.height && c[8] === 'jpeg')
          .map((c) => c[10]),
      );
      return `${objects.size}/${2 * INNER_SPREADS}`;
    };
    /** The photos' effective resolution where they are placed (pdfimages' x-ppi / y-ppi), lowest to highest. */
    const dpiRange = async (path: string) => {
      const ppi = (await exec('pdfimages', ['-list', path])).stdout
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((l) => l.trim().split(/\s+/))
        .filter((c) => c[8] === 'jpeg')
        .flatMap((c) => [Number(c[12]), Number(c[13])]);
      return `${Math.min(...ppi)}–${Math.max(...ppi)}`;
    };
    const pageCount = async (path: string) =>
      Number(/Pages:\s+(\d+)/.exec((await exec('pdfinfo', [path])).stdout)![1]);
    const pages = await pageCount(pdfxPath);
    let baselinePages = 0;
    let baselineImages = 0;
    for (const file of physicalRuns.at(-1)!.files) {
      baselinePages += await pageCount(file);
      baselineImages += (await exec('pdfimages', ['-list', file])).stdout
        .split('\n')
        .slice(2)
        .filter(Boolean).length;
    }
    if (baselineImages < 2 * INNER_SPREADS)
      throw new Error(`the static baseline lost its photos (${baselineImages})`);

    // Where the PDF/X export's time goes (the worker's own laps, median over the warm runs).
    const stageNames = [...new Set(pdfxRuns.flatMap((r) => Object.keys(r.stages)))];
    const stageFigures = Object.fromEntries(
      stageNames.flatMap((name) => {
        const ms = median(pdfxRuns.map((r) => r.stages[name] ?? 0));
        return [
          [`print_pdfx_stage_${name}_ms`, Math.round(ms)],
          [`print_pdfx_stage_${name}_ms_per_page`, Math.round((ms / pages) * 10) / 10],
        ];
      }),
    );
    const colour = await compareWithPreviousPipeline(plainPath, pdfxPath, dataDir);

    const ratio = (ms: number) => Math.round((ms / limitMs) * 100) / 100;
    const perSecond = (count: number, ms: number) => Math.round((count / (ms / 1000)) * 10) / 10;
    return {
      print_pages: pages,
      print_baseline_pages: baselinePages,
      print_pdfx_mb: Math.round(readFileSync(pdfxPath).length / 1e5) / 10,
      print_pdfx_mb_per_page: Math.round(readFileSync(pdfxPath).length / pages / 1e4) / 100,
      print_pdfx_photo_dpi: await dpiRange(pdfxPath),
      print_plain_photo_dpi: await dpiRange(plainPath),
      print_plain_mb: Math.round(readFileSync(plainPath).length / 1e5) / 10,
      print_physical_limit_ms: Math.round(limitMs),
      print_physical_runs_ms: physicalRuns.map((r) => Math.round(r.ms)).join(' / '),
      print_physical_load_ms: Math.round(median(physicalRuns.map((r) => r.loadMs))),
      print_pdfx_cold_ms: Math.round(cold.ms),
      print_pdfx_warm_ms: Math.round(pdfxMs),
      print_pdfx_warm_runs_ms: pdfxRuns.map((r) => Math.round(r.ms)).join(' / '),
      print_pdfx_ratio_cold: ratio(cold.ms),
      print_pdfx_ratio_warm: ratio(pdfxMs),
      print_pdfx_pages_per_s_warm: perSecond(pages, pdfxMs),
      ...stageFigures,
      print_plain_warm_ms: Math.round(plainMs),
      print_plain_warm_runs_ms: plainRuns.map((r) => Math.round(r.ms)).join(' / '),
      print_plain_ratio_warm: ratio(plainMs),
      print_plain_pages_per_s_warm: perSecond(pages, plainMs),
      print_physical_pages_per_s: perSecond(baselinePages, limitMs),
      print_pdfx_peak_pss_mib: Math.round(Math.max(cold.peak, ...pdfxRuns.map((r) => r.peak))),
      print_plain_peak_pss_mib: Math.round(Math.max(...plainRuns.map((r) => r.peak))),
      print_physical_peak_pss_mib: Math.round(Math.max(...physicalRuns.map((r) => r.peak))),
      print_pdfx_photos_full_resolution: await fullResolution(pdfxPath),
      print_plain_photos_full_resolution: await fullResolution(plainPath),
      ...colour,
    };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The previous PDF/X pipeline on a few pages: the plain file's photo pages through one Ghostscript pass with the
 * photos in it (convertToCmyk without held-out photos, as every export did before), timed; then the same page of
 * that and of the new file rendered by pdftoppm and compared per RGB channel (mean and max of |old - new|, 0-255).
 */
async function compareWithPreviousPipeline(plainPath: string, pdfxPath: string, dir: string) {
  const PAGES = [4, 5]; // inner photo pages (0-based), full-bleed photo and the slug's crop marks
  const plain = await PDFDocument.load(readFileSync(plainPath));
  const excerpt = await PDFDocument.create();
  for (const page of await excerpt.copyPages(plain, PAGES)) excerpt.addPage(page);
  const started = performance.now();
  const previous = await convertToCmyk(await excerpt.save());
  const previousMsPerPage = (performance.now() - started) / PAGES.length;
  const previousPath = join(dir, 'previous-pdfx.pdf');
  writeFileSync(previousPath, previous);
  const render = async (path: string, page: number, name: string) => {
    await exec('pdftoppm', [
      '-r',
      '50',
      '-png',
      '-singlefile',
      '-f',
      String(page),
      '-l',
      String(page),
      path,
      join(dir, name),
    ]);
    return sharp(join(dir, `${name}.png`))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  };
  const sums = [0, 0, 0];
  let max = 0;
  let pixels = 0;
  for (const [i, page] of PAGES.entries()) {
    const old = await render(previousPath, i + 1, `previous-${i}`);
    const now = await render(pdfxPath, page + 1, `now-${i}`);
    if (old.info.width !== now.info.width || old.info.height !== now.info.height)
      throw new Error('the rendered pages differ in size');
    for (let p = 0; p < old.data.length; p++) {
      const difference = Math.abs(old.data[p] - now.data[p]);
      sums[p % 3] += difference;
      max = Math.max(max, difference);
    }
    pixels += old.data.length / 3;
  }
  return {
    print_pdfx_previous_gs_ms_per_page: Math.round(previousMsPerPage),
    print_pdfx_colour_mean_diff_rgb: sums.map((sum) => (sum / pixels).toFixed(2)).join(' / '),
    print_pdfx_colour_max_diff: max,
  };
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
