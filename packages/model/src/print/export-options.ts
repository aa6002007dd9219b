/**
 * The export options as they travel (SPEC §2 /render, §5): the /render query the export worker writes and the
 * render route parses, the allow-list for its api_url, the image variant a resolution loads, and the globals
 * /render publishes back to the worker.
 */
import { EXPORT_FORMATS, EXPORT_RESOLUTIONS } from '../constants.ts';
import type { SheetGeometry } from './geometry.ts';
import { DEFAULT_PRINT_SETTINGS, type ExportResolution, type PrintSettings } from './presets.ts';

export type ImageVariantName = 'small' | 'medium' | 'large' | 'full' | 'original';

/** SPEC §2: flags parse as `1` or `true`; anything else present is false, absent is the fallback. */
export function parseFlag(value: string | null | undefined, fallback = false): boolean {
  if (value === null || value === undefined) return fallback;
  const v = value.trim().toLowerCase();
  return v === '1' || v === 'true';
}

const DPI_RANGE = { min: 36, max: 1200 } as const;

/** SPEC §5: spaces are stripped from the dpi; returns undefined for anything that is not a whole number in range. */
export function parseDpi(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const stripped = value.replace(/\s+/g, '');
  if (!/^\d{1,4}$/.test(stripped)) return undefined;
  const dpi = Number(stripped);
  return dpi >= DPI_RANGE.min && dpi <= DPI_RANGE.max ? dpi : undefined;
}

/** Whether a range string is well formed (`1-3,5`, spaces allowed); the empty string means all pages. */
export function isValidRange(value: string): boolean {
  const stripped = value.replace(/\s+/g, '');
  return stripped === '' || /^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(stripped);
}

/**
 * SPEC §5 render range like `1-3,5` (spaces stripped): the 1-based pages to keep out of `pageCount`, ascending
 * and without duplicates (pages stay in print order whatever order they were typed in). An empty range keeps
 * every page; numbers beyond the last page are dropped; `3-1` counts as `1-3`. Returns null when malformed.
 */
export function parseRange(value: string | null | undefined, pageCount: number): number[] | null {
  const stripped = (value ?? '').replace(/\s+/g, '');
  const all = Array.from({ length: pageCount }, (_, i) => i + 1);
  if (stripped === '') return all;
  if (!isValidRange(stripped)) return null;
  const keep = new Set<number>();
  for (const part of stripped.split(',')) {
    const [a, b = a] = part.split('-').map(Number);
    const [from, to] = a <= b ? [a, b] : [b, a];
    for (let page = Math.max(1, from); page <= Math.min(to, pageCount); page++) keep.add(page);
  }
  return all.filter((page) => keep.has(page));
}

/** The largest sticker pack seed: the draw's generator works on 32-bit whole numbers. */
export const MAX_PACK_SEED = 2 ** 32 - 1;

/** A sticker pack seed from the /render query: a whole number from 0 to MAX_PACK_SEED; undefined otherwise. */
export function parseSeed(value: string | null | undefined): number | undefined {
  const v = value?.trim();
  if (!v || !/^\d{1,10}$/.test(v)) return undefined;
  const seed = Number(v);
  return seed <= MAX_PACK_SEED ? seed : undefined;
}

function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): T | undefined {
  const v = value?.trim();
  return v !== undefined && (list as readonly string[]).includes(v) ? (v as T) : undefined;
}

export interface RenderQuery {
  albumId?: string;
  apiUrl?: string;
  token?: string;
  settings: PrintSettings;
  /** Problems with the query the page should show instead of rendering (codes, not text). */
  problems: string[];
}

/**
 * SPEC §2 /render/{albumId?} query: album_id, api_url, token, mode, format, resolution, dpi, range, showStickers,
 * includeCover, includeBleed (plus compress, cropMarks, pdfx). `get` reads one query parameter (URLSearchParams.get).
 */
export function parseRenderQuery(get: (key: string) => string | null, pathAlbumId?: string): RenderQuery {
  const problems: string[] = [];
  const dpiRaw = get('dpi');
  const dpi = parseDpi(dpiRaw);
  if (dpiRaw !== null && dpi === undefined) problems.push('INVALID_DPI');
  const range = (get('range') ?? '').replace(/\s+/g, '');
  if (!isValidRange(range)) problems.push('INVALID_RANGE');
  const includeBleed = parseFlag(get('includeBleed'), DEFAULT_PRINT_SETTINGS.includeBleed);
  const settings: PrintSettings = {
    mode: get('mode')?.trim() || DEFAULT_PRINT_SETTINGS.mode,
    format: oneOf(EXPORT_FORMATS, get('format')) ?? DEFAULT_PRINT_SETTINGS.format,
    resolution: oneOf(EXPORT_RESOLUTIONS, get('resolution')) ?? DEFAULT_PRINT_SETTINGS.resolution,
    dpi: dpi ?? DEFAULT_PRINT_SETTINGS.dpi,
    range,
    showStickers: parseFlag(get('showStickers'), DEFAULT_PRINT_SETTINGS.showStickers),
    includeCover: parseFlag(get('includeCover'), DEFAULT_PRINT_SETTINGS.includeCover),
    includeBleed,
    compress: parseFlag(get('compress'), false),
    cropMarks: parseFlag(get('cropMarks'), includeBleed),
    pdfx: parseFlag(get('pdfx'), false),
  };
  const seed = parseSeed(get('seed'));
  if (seed !== undefined) settings.seed = seed;
  const albumId = (pathAlbumId || get('album_id') || '').trim() || undefined;
  if (!albumId) problems.push('MISSING_ALBUM');
  const token = get('token')?.trim() || undefined;
  if (!token) problems.push('MISSING_TOKEN');
  return { albumId, apiUrl: get('api_url')?.trim() || undefined, token, settings, problems };
}

/** The query parameters the export worker opens /render with (feed them to URLSearchParams). */
export function renderQueryEntries(input: {
  albumId: string;
  apiUrl: string;
  token: string;
  settings: PrintSettings;
}): Array<[string, string]> {
  const s = input.settings;
  const entries: Array<[string, string]> = [
    ['album_id', input.albumId],
    ['api_url', input.apiUrl],
    ['token', input.token],
    ['mode', s.mode],
    ['format', s.format],
    ['resolution', s.resolution],
    ['dpi', String(s.dpi)],
    ['showStickers', String(s.showStickers)],
    ['includeCover', String(s.includeCover)],
    ['includeBleed', String(s.includeBleed)],
    ['cropMarks', String(s.cropMarks)],
  ];
  if (s.range) entries.push(['range', s.range]);
  if (s.seed !== undefined) entries.push(['seed', String(s.seed)]);
  return entries;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** scheme://host:port of an absolute http(s) URL without credentials, lower-cased; undefined otherwise. */
function originOf(url: string): { origin: string; path: string } | undefined {
  const match = /^(https?):\/\/([^/?#\\]+)([^?#]*)/i.exec(url.trim());
  if (!match || match[2].includes('@')) return undefined;
  const scheme = match[1].toLowerCase();
  const hostMatch = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(match[2].toLowerCase());
  if (!hostMatch) return undefined;
  const port = hostMatch[2] ?? DEFAULT_PORTS[scheme];
  return { origin: `${scheme}://${hostMatch[1]}:${port}`, path: match[3] || '/' };
}

/**
 * The api_url allow-list: the render token may only ever be sent to our own API, so api_url must be an http(s)
 * URL on one of the allowed origins (the page's own origin, PUBLIC_URL) under /api/. Anything else is refused.
 */
export function isAllowedApiUrl(apiUrl: string, allowedOrigins: readonly string[]): boolean {
  const target = originOf(apiUrl);
  if (!target || !/^\/api(\/|$)/.test(target.path) || target.path.includes('..')) return false;
  return allowedOrigins.some((allowed) => originOf(allowed)?.origin === target.origin);
}

/** The image variant a render loads: the job's resolution, or for `auto` the one sharp enough at its dpi. */
export function imageVariantFor(resolution: ExportResolution, dpi: number): ImageVariantName {
  if (resolution !== 'auto') return resolution;
  if (dpi >= 250) return 'original';
  if (dpi >= 150) return 'full';
  return 'large';
}

// The page protocol between /render and the export worker -------------------------------------------------------

/** What /render publishes on `window.__renderLayout` once it is ready: one entry per output page, in mm. */
export interface RenderedLayout {
  pageCount: number;
  title: string;
  sheets: Array<Pick<SheetGeometry, 'media' | 'bleed' | 'trim'>>;
}

/**
 * The globals /render sets (the export worker waits for one of the first two):
 * - `__renderReady = true` when fonts are loaded (document.fonts.ready) and every image has loaded;
 * - `__renderError = '<CODE>'` when it cannot render (bad token, api_url refused, bad range, ...);
 * - `__renderLayout: RenderedLayout`;
 * - `__renderShowPages(from, to)`: show only output pages from..to-1 (0-based), so the worker can print or
 *   screenshot a few pages at a time and report progress per page.
 */
export interface RenderWindowProtocol {
  __renderReady?: boolean;
  __renderError?: string;
  __renderLayout?: RenderedLayout;
  __renderShowPages?: (from: number, to: number) => Promise<void>;
}
