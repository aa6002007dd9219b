import {
  PRINT_PAPER_SLACK_MM,
  type PrintSettings,
  type RenderedLayout,
  type RenderWindowProtocol,
} from '@stickerbook/model';
import type { Browser, Page } from 'playwright-core';
import { blackTextToGray } from './black-text.ts';
import { holdOutPhotos, putBackPhotos, type CmykPhotoSource, type HeldPhotos } from './cmyk-photos.ts';
import type { CmykProfile } from '../config/output-profile.ts';
import { mergeWithExactBoxes, type PdfParts } from './pdf-boxes.ts';
import { PDFX_PDF_VERSION, convertToCmyk, declarePdfx } from './pdfx.ts';
import { stampProof } from './proof-stamp.ts';
import { storedZip } from './zip.ts';

/** CSS pixels per millimetre (96 per inch). */
const PX_PER_MM = 96 / 25.4;
/**
 * Output pages per page.pdf call: progress per chunk, and with 150 MB of photos six 8-page print jobs are several
 * times faster than one 48-page job (bench/src/print.ts measures both for the physical limit).
 */
const DEFAULT_PDF_CHUNK_PAGES = 8;
/**
 * A long document is printed in at most this many calls, with longer chunks: every call costs in proportion to the
 * whole document (Chromium restyles and paginates every sheet, shown or hidden, and Ghostscript compares each
 * chunk's own font subsets with all the others'), so with 8-page chunks the CPU per page grew with the album
 * (bench/src/print-growth.ts). Up to 96 pages nothing changes.
 */
const MAX_PDF_CHUNKS = 12;

/** Pages per page.pdf call for a document of `pageCount` pages (PRINT_PDF_CHUNK_PAGES overrides it). */
function pdfChunkPages(pageCount: number, override?: number): number {
  const fixed = override ?? (Number(process.env.PRINT_PDF_CHUNK_PAGES) || undefined);
  if (fixed) return Math.max(1, fixed);
  return Math.max(DEFAULT_PDF_CHUNK_PAGES, Math.ceil(pageCount / MAX_PDF_CHUNKS));
}
const READY_TIMEOUT_MS = 5 * 60_000;

export interface ExportResult {
  /** The file's bytes in order (pdf-boxes.ts `PdfParts`): one part for an image or a zip, many for a PDF. */
  parts: PdfParts;
  ext: 'pdf' | 'jpg' | 'png' | 'zip';
  contentType: string;
  pages: number;
  /** Where the time went, for the benchmark and the logs: open, ready, print, boxes, pdfx, photos (ms). */
  timingsMs: Record<string, number>;
}

export interface ExportRun {
  browser: Browser;
  /** The full /render URL, token included. */
  url: string;
  settings: PrintSettings;
  /** After every chunk of pages: pages done so far and in total. */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  chunkPages?: number;
  /** A proof (PDF only): every page is stamped as not for print, in this language (proof-stamp.ts). */
  proofLanguage?: string | null;
  /**
   * PDF/X: the CMYK copies of the photos, embedded as they are instead of converted by Ghostscript (which
   * re-encodes every full-resolution photo, seconds a page). Required, so no export forgets them: null only for a
   * run that never makes a PDF/X file.
   */
  cmykPhotos: CmykPhotoSource | null;
  /** PDF/X: the print partner's CMYK profile (config PRINT_OUTPUT_ICC); default Ghostscript's default_cmyk.icc. */
  profile?: CmykProfile;
}

class RenderRouteError extends Error {
  constructor(readonly code: string) {
    super(`The render route refused to render: ${code}`);
  }
}

/**
 * Opens /render in a fresh browser context, waits until it says it is ready (fonts loaded, images loaded), then
 * prints PDF (vector: real text, embedded fonts, original image bytes) or takes jpg/png screenshots at the dpi,
 * page by page in print order.
 */
export async function runExport(run: ExportRun): Promise<ExportResult> {
  const { settings } = run;
  const raster = settings.format !== 'pdf';
  const context = await run.browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: raster ? settings.dpi / 96 : 1,
  });
  try {
    const timingsMs: Record<string, number> = {};
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      timingsMs[name] = Math.round(now - mark);
      mark = now;
    };
    const page = await context.newPage();
    await page.goto(run.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    lap('open');
    const layout = await waitForLayout(page);
    lap('ready');
    if (layout.pageCount === 0) throw new RenderRouteError('NOTHING_TO_PRINT');
    const result = raster ? await screenshots(page, layout, run, lap) : await pdf(page, layout, run, lap);
    return { ...result, timingsMs };
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function waitForLayout(page: Page): Promise<RenderedLayout> {
  const handle = await page.waitForFunction(
    () => {
      const w = globalThis as unknown as RenderWindowProtocol;
      if (typeof w.__renderError === 'string') return { error: w.__renderError };
      return w.__renderReady === true && w.__renderLayout ? { layout: w.__renderLayout } : false;
    },
    undefined,
    { timeout: READY_TIMEOUT_MS, polling: 50 },
  );
  const outcome = (await handle.jsonValue()) as { error?: string; layout?: RenderedLayout };
  if (outcome.error !== undefined || !outcome.layout)
    throw new RenderRouteError(outcome.error ?? 'NO_LAYOUT');
  return outcome.layout;
}

async function showPages(page: Page, from: number, to: number): Promise<void> {
  await page.evaluate(([a, b]) => (globalThis as unknown as RenderWindowProtocol).__renderShowPages?.(a, b), [
    from,
    to,
  ] as const);
}

async function pdf(
  page: Page,
  layout: RenderedLayout,
  run: ExportRun,
  lap: (name: string) => void,
): Promise<Omit<ExportResult, 'timingsMs'>> {
  // Each sheet is on a CSS named page of its own paper size (the render route's printCss), so a file may mix
  // sizes (a sticker pack's wrapper and its stickers) and a chunk may too: the CSS page sizes decide, and the
  // paper given here is only the fallback of a page without one.
  const media = layout.sheets[0].media;
  const chunk = pdfChunkPages(layout.pageCount, run.chunkPages);
  const chunks: Uint8Array[] = [];
  // Print media from here on, so page.pdf does not switch the whole document from screen to print styles and back
  // for every chunk; and only the chunk's sheets are shown, so each print lays out 8 sheets instead of all of them
  // (measured in bench/src/print.ts: together about a quarter faster than pageRanges over the whole document).
  await page.emulateMedia({ media: 'print' });
  for (let from = 0; from < layout.pageCount; from += chunk) {
    const to = Math.min(layout.pageCount, from + chunk);
    await showPages(page, from, to);
    chunks.push(
      await page.pdf({
        width: `${media.width + PRINT_PAPER_SLACK_MM}mm`,
        height: `${media.height + PRINT_PAPER_SLACK_MM}mm`,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
        printBackground: true,
        preferCSSPageSize: true,
        tagged: false,
        outline: false,
      }),
    );
    await run.onProgress?.(to, layout.pageCount);
  }
  lap('print');
  // For the print shop's CMYK file, black text is made gray first so it prints in the K ink alone, and photos with
  // a CMYK copy are held out of Ghostscript's pass (cmyk-photos.ts). A proof is stamped and never converted.
  const proofLanguage = run.proofLanguage;
  let held: HeldPhotos = { byHeight: new Map() };
  let data = await mergeWithExactBoxes(
    chunks,
    layout.sheets,
    proofLanguage !== undefined
      ? (doc) => stampProof(doc, proofLanguage)
      : run.settings.pdfx
        ? async (doc) => {
            blackTextToGray(doc);
            if (run.cmykPhotos) held = await holdOutPhotos(doc, run.cmykPhotos);
          }
        : undefined,
  );
  lap('boxes');
  if (run.settings.pdfx && proofLanguage === undefined) {
    const converted = await convertToCmyk(data, { profile: run.profile });
    lap('pdfx');
    // Ghostscript does not keep our boxes exactly, so they are set again on its output.
    data = await mergeWithExactBoxes(
      [converted],
      layout.sheets,
      async (doc) => {
        putBackPhotos(doc, held);
        await declarePdfx(doc, { title: layout.title, profile: run.profile });
      },
      PDFX_PDF_VERSION,
    );
    lap('photos');
  }
  return { parts: data, ext: 'pdf', contentType: 'application/pdf', pages: layout.pageCount };
}

async function screenshots(
  page: Page,
  layout: RenderedLayout,
  run: ExportRun,
  lap: (name: string) => void,
): Promise<Omit<ExportResult, 'timingsMs'>> {
  const type = run.settings.format === 'png' ? 'png' : 'jpeg';
  // The sheets' print layout (no screen preview padding or shadows), as in the PDF.
  await page.emulateMedia({ media: 'print' });
  const files: Array<{ name: string; data: Uint8Array }> = [];
  const digits = String(layout.pageCount).length;
  for (let i = 0; i < layout.pageCount; i++) {
    const { media } = layout.sheets[i];
    const width = Math.round(media.width * PX_PER_MM);
    const height = Math.round(media.height * PX_PER_MM);
    await page.setViewportSize({ width, height });
    await showPages(page, i, i + 1);
    const shot = await page.screenshot({
      type,
      quality: type === 'jpeg' ? (run.settings.compress ? 80 : 92) : undefined,
      clip: { x: 0, y: 0, width, height },
      animations: 'disabled',
    });
    files.push({
      name: `page-${String(i + 1).padStart(digits, '0')}.${type === 'png' ? 'png' : 'jpg'}`,
      data: shot,
    });
    await run.onProgress?.(i + 1, layout.pageCount);
  }
  lap('screenshots');
  if (files.length === 1) {
    return {
      parts: [files[0].data],
      ext: type === 'png' ? 'png' : 'jpg',
      contentType: type === 'png' ? 'image/png' : 'image/jpeg',
      pages: 1,
    };
  }
  return { parts: [storedZip(files)], ext: 'zip', contentType: 'application/zip', pages: files.length };
}
