/**
 * Issue 23 item 7, the print half: the album_softcover_inside export (PDF/X) of the large album at 60, 120 and 180
 * spreads (editor.ts's grown albums), several rounds, so the CPU per added page is a median, not one sample; with
 * where each export's time went (the worker's stages, PRINT_TIMINGS) per page. Run alone:
 * `npx tsx src/print-growth.ts` after `node ../scripts/build-server.mjs` (the server runs from its bundle).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportGrowth, prepareAlbum } from './editor.ts';
import { startServer } from './server-process.ts';

const GROWTH = [60, 120, 180];

export async function run(): Promise<Record<string, number | string>> {
  const rounds = Number(process.env.BENCH_GROWTH_ROUNDS) || 3;
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-print-growth-'));
  try {
    const { grown } = await prepareAlbum(dataDir, GROWTH);
    const server = await startServer(dataDir, { PRINT_TIMINGS: '1' }, '/api/v1/health');
    try {
      const samples = new Map<number, Array<{ ms: number; cpuMs: number; pages: number }>>();
      for (let round = 0; round < rounds; round++) {
        for (const [spreads, figure] of await exportGrowth(server.baseUrl, server.child.pid!, grown))
          samples.set(spreads, [...(samples.get(spreads) ?? []), figure]);
      }
      const median = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
      };
      const figures: Record<string, number | string> = {};
      const cpu = new Map<number, { cpuMs: number; pages: number }>();
      for (const [spreads, list] of samples) {
        const pages = list[0].pages;
        cpu.set(spreads, { cpuMs: median(list.map((s) => s.cpuMs)), pages });
        figures[`print growth ${spreads} spreads (${pages} pages): end to end / CPU, median (runs) ms`] =
          `${Math.round(median(list.map((s) => s.ms)))} / ${Math.round(median(list.map((s) => s.cpuMs)))} (${list
            .map((s) => Math.round(s.cpuMs))
            .join(', ')})`;
      }
      const perPage = (a: number, b: number) =>
        (cpu.get(b)!.cpuMs - cpu.get(a)!.cpuMs) / (cpu.get(b)!.pages - cpu.get(a)!.pages);
      const first = cpu.get(60)!;
      figures['print growth CPU per page at 60 spreads (ms)'] = Math.round(first.cpuMs / first.pages);
      figures['print growth CPU per added page, 60 -> 120 / 120 -> 180 spreads (ms)'] =
        `${Math.round(perPage(60, 120))} / ${Math.round(perPage(120, 180))}`;
      figures['print growth CPU ratio 180 / 60 (pages ratio 3)'] =
        Math.round((cpu.get(180)!.cpuMs / first.cpuMs) * 100) / 100;
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
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
