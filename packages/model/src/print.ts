/**
 * Print (SPEC §2 /render, §3 render job, §9 print constants): what a print file contains and where everything
 * sits on its sheets. Written once here so the render route (web), the export worker (server) and the tests
 * agree on page order, page sizes, bleed, slug, crop marks, the cover spine and the sticker sheets.
 *
 * Units are millimetres. A "sheet" is one page of the output file: a trimmed area (an album page, a spread,
 * the cover, a sticker sheet, the sticker pack wrapper, one sticker of a pack) with optional bleed around it and,
 * around that, a slug carrying crop marks. The sheets of one file may differ in size (a sticker pack file).
 */
import {
  EXPORT_FORMATS,
  EXPORT_RESOLUTIONS,
  PRINT_BLEED_MM,
  PRINT_SLUG_MM,
  STICKER_PACK_SHEET_MM,
  STICKERS_PER_PACK,
} from './constants.ts';
import type { AlbumDocument, DocNode } from './document.ts';
import {
  DOUBLE_STICKER_CELL_MM,
  PAGE_HEIGHT_MM,
  PAGE_WIDTH_MM,
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  STICKER_CELL_MM,
} from './document.ts';
import { pageNumber, spineWidthMm } from './geometry.ts';
import { numberStickers } from './numbering.ts';
import { seededRandom } from './random-mutations.ts';
import { childrenOf, spreadsInOrder } from './tree.ts';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];
export type ImageVariantName = 'small' | 'medium' | 'large' | 'full' | 'original';

/** The modes with a layout of their own (SPEC §2); any other mode renders the album page by page. */
export const SPECIAL_RENDER_MODES = ['stickers', 'spread', 'album_softcover', 'stickerpack'] as const;
export const PRESET_NAMES = [
  'album_softcover_inside',
  'album_softcover',
  'stickers',
  'stickerpack',
  'album_check',
  'sticker_check',
  'current_spread',
  'proof',
  'custom',
] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** Everything that decides what a print file looks like (SPEC §3 render job params, plus our two extras). */
export interface PrintSettings {
  mode: string;
  format: ExportFormat;
  resolution: ExportResolution;
  dpi: number;
  /** Output pages to keep, like `1-3,5` (1-based, counted in the mode's own page list); empty = all. */
  range: string;
  showStickers: boolean;
  includeCover: boolean;
  includeBleed: boolean;
  /** jpg/png only: smaller files (JPEG quality 80 instead of 92). PDF images are never re-encoded. */
  compress: boolean;
  /** Beyond SPEC: crop marks in an 8 mm slug; on by default whenever there is bleed. */
  cropMarks: boolean;
  /**
   * Beyond SPEC: convert the PDF to PDF/X-4 with a CMYK output intent (Ghostscript); on for every preset whose file
   * goes to a print shop (album inside, cover, sticker sheets, sticker packs).
   */
  pdfx: boolean;
  /**
   * Beyond SPEC: the seed of the sticker packs' random draw (stickerPacks), a whole number below 2^32. An export
   * job keeps the one it was given when created, so the file is the same on every run of that job; without one the
   * draw is different every time.
   */
  seed?: number;
}

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  mode: 'album',
  format: 'pdf',
  resolution: 'auto',
  dpi: 300,
  range: '',
  showStickers: true,
  includeCover: false,
  includeBleed: false,
  compress: false,
  cropMarks: false,
  pdfx: false,
};

/**
 * The owner's check file before print approval (beyond SPEC's admin presets): the whole album, cover included,
 * page by page at screen resolution (150 dpi, the `large` image variants), without bleed, crop marks or CMYK, so
 * it is small enough to download and look through. The export worker stamps every page as a proof, so it can
 * never be mistaken for (or sent as) the print file. Owners and collaborators may make it; every other preset
 * stays admin-only.
 */
export const PROOF_PRESET = 'proof' satisfies PresetName;
const PROOF_SETTINGS: Partial<PrintSettings> = {
  mode: 'album',
  format: 'pdf',
  dpi: 150,
  // 2400 px on the longest side: a full-bleed page photo is ~1360 px at 150 dpi, so still sharp on screen.
  resolution: 'large',
  range: '',
  showStickers: true,
  includeCover: true,
  includeBleed: false,
  cropMarks: false,
  compress: false,
  pdfx: false,
};

/**
 * SPEC §9 presets, completed with the mode each one renders (the SPEC lists format, dpi and the notable flags;
 * the mode follows from the name). `custom` is the defaults, changed by hand. The four files that go to the
 * print shop, the album inside, the softcover cover, the sticker sheets and the sticker packs, are PDF/X-4
 * (beyond SPEC: a print shop's preflight rejects RGB files without an output intent); the check files and the
 * current spread keep the plain PDF with the photos' original bytes.
 */
export const PRINT_PRESETS: Record<PresetName, Partial<PrintSettings>> = {
  album_softcover_inside: {
    mode: 'album_softcover_inside',
    format: 'pdf',
    dpi: 300,
    resolution: 'original',
    includeBleed: true,
    pdfx: true,
  },
  album_softcover: {
    mode: 'album_softcover',
    format: 'pdf',
    dpi: 600,
    resolution: 'original',
    includeBleed: true,
    pdfx: true,
  },
  stickers: {
    mode: 'stickers',
    format: 'pdf',
    dpi: 300,
    resolution: 'original',
    showStickers: true,
    includeBleed: true,
    pdfx: true,
  },
  stickerpack: {
    mode: 'stickerpack',
    format: 'pdf',
    dpi: 300,
    includeCover: true,
    includeBleed: true,
    pdfx: true,
  },
  album_check: { mode: 'album_check', format: 'jpg', dpi: 200, includeBleed: false, includeCover: true },
  sticker_check: { mode: 'stickers', format: 'jpg', dpi: 200, showStickers: true },
  current_spread: { mode: 'spread', format: 'pdf', dpi: 300, resolution: 'original', includeBleed: true },
  proof: PROOF_SETTINGS,
  custom: {},
};

/** The settings of a preset with overrides on top; crop marks follow bleed unless set. */
export function settingsForPreset(preset: PresetName, overrides: Partial<PrintSettings> = {}): PrintSettings {
  const merged = { ...DEFAULT_PRINT_SETTINGS, ...PRINT_PRESETS[preset], ...overrides };
  return { ...merged, cropMarks: overrides.cropMarks ?? merged.includeBleed };
}

// Parsing the /render query (SPEC §2, §5) -------------------------------------------------------------------

/** SPEC §2: flags parse as `1` or `true`; anything else present is false, absent is the fallback. */
export function parseFlag(value: string | null | undefined, fallback = false): boolean {
  if (value === null || value === undefined) return fallback;
  const v = value.trim().toLowerCase();
  return v === '1' || v === 'true';
}

export const DPI_RANGE = { min: 36, max: 1200 } as const;

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

// Sheet geometry (SPEC §9: bleed 2 mm, slug 8 mm, crop marks) ----------------------------------------------

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetGeometry {
  /** The whole output page (PDF MediaBox), origin top-left. */
  media: Box;
  /** The printed area before cutting (PDF BleedBox). */
  bleed: Box;
  /** The finished size (PDF TrimBox). */
  trim: Box;
  bleedMm: number;
  slugMm: number;
}

/** Where trim, bleed and media sit for a sheet whose finished size is `trimWidth` x `trimHeight`. */
export function sheetGeometry(
  trimWidth: number,
  trimHeight: number,
  options: { includeBleed: boolean; cropMarks: boolean },
): SheetGeometry {
  const bleedMm = options.includeBleed ? PRINT_BLEED_MM : 0;
  const slugMm = options.cropMarks ? PRINT_SLUG_MM : 0;
  const outer = bleedMm + slugMm;
  return {
    media: { x: 0, y: 0, width: trimWidth + 2 * outer, height: trimHeight + 2 * outer },
    bleed: { x: slugMm, y: slugMm, width: trimWidth + 2 * bleedMm, height: trimHeight + 2 * bleedMm },
    trim: { x: outer, y: outer, width: trimWidth, height: trimHeight },
    bleedMm,
    slugMm,
  };
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The paper a print file is printed on by the browser is this much wider and taller than the sheet, so its rounding
 * of paper sizes (up to ~0.7 pt) never cuts the sheet; the exact MediaBox is set afterwards. The page's CSS
 * `@page` size must be this paper size too: the browser centres a smaller CSS page on the paper, which would move
 * the artwork half the slack away from the boxes.
 */
export const PRINT_PAPER_SLACK_MM = 1;

/** Gap between the bleed edge and a crop mark, so no mark shows on a sheet cut slightly off. */
export const CROP_MARK_GAP_MM = 1;

/**
 * Crop marks in the slug, two per corner, continuing the trim edges; they start a little outside the bleed so
 * they never print onto the finished piece. `foldsX` adds short fold marks (the spine edges of a cover).
 */
export function cropMarks(geometry: SheetGeometry, foldsX: readonly number[] = []): Segment[] {
  const { trim, bleed, slugMm } = geometry;
  if (slugMm === 0) return [];
  const inner = slugMm - CROP_MARK_GAP_MM;
  const left = trim.x;
  const right = trim.x + trim.width;
  const top = trim.y;
  const bottom = trim.y + trim.height;
  const marks: Segment[] = [];
  for (const y of [top, bottom]) {
    marks.push({ x1: 0, y1: y, x2: inner, y2: y });
    marks.push({ x1: bleed.x + bleed.width + CROP_MARK_GAP_MM, y1: y, x2: geometry.media.width, y2: y });
  }
  for (const x of [left, right, ...foldsX.map((f) => trim.x + f)]) {
    marks.push({ x1: x, y1: 0, x2: x, y2: inner });
    marks.push({ x1: x, y1: bleed.y + bleed.height + CROP_MARK_GAP_MM, x2: x, y2: geometry.media.height });
  }
  return marks;
}

// The cover (SPEC §9 spine) ---------------------------------------------------------------------------------------

export interface CoverLayout {
  spineMm: number;
  width: number;
  height: number;
  /** x ranges on the flat cover: back cover, spine, front cover. */
  back: { x: number; width: number };
  spine: { x: number; width: number };
  front: { x: number; width: number };
}

/** The softcover cover spread: back cover, spine (SPEC §9 formula from the spread count), front cover. */
export function coverLayout(spreadsCount: number): CoverLayout {
  const spineMm = spineWidthMm(spreadsCount);
  return {
    spineMm,
    width: 2 * PAGE_WIDTH_MM + spineMm,
    height: PAGE_HEIGHT_MM,
    back: { x: 0, width: PAGE_WIDTH_MM },
    spine: { x: PAGE_WIDTH_MM, width: spineMm },
    front: { x: PAGE_WIDTH_MM + spineMm, width: PAGE_WIDTH_MM },
  };
}

// Sticker sheets ------------------------------------------------------------------------------------------------

/**
 * Sticker sheets are A4 portrait. Every sticker is cut out on its own, so each gets its own 2 mm bleed and cut
 * marks at its corners; the 12 mm gap between stickers holds both neighbours' bleed (2 mm each), the 1 mm
 * clearance and 3 mm marks, so no mark reaches another sticker's bleed (3 x 3 singles per sheet, as before).
 */
export const STICKER_SHEET_MM = { width: 210, height: 297, margin: 10, gap: 12 } as const;
/** Length of a sticker's cut marks. */
export const STICKER_CUT_MARK_MM = 3;

export interface StickerOnSheet {
  stickerId: string;
  /** The cell the sticker is placed in (for its number and frame); undefined for unplaced stickers. */
  cellId?: string;
  /** Its first number; undefined when unplaced. */
  number?: number;
  double: boolean;
  /** Trim box of the sticker on the sheet's trimmed area. */
  box: Box;
}

export interface StickerSheet {
  stickers: StickerOnSheet[];
}

/**
 * Every sticker of the album, in number order (placed stickers first, then unplaced ones in document order),
 * laid out row by row on A4 sheets; a double sticker takes two columns' width and never splits across rows.
 */
export function stickerSheets(doc: AlbumDocument): StickerSheet[] {
  return layoutStickerSheets(stickersInNumberOrder(doc));
}

/** A sticker as it is printed, before it has a place on a sheet. */
export type StickerItem = Omit<StickerOnSheet, 'box'>;
/**
 * The sticker packs of a stickerpack print file (SPEC §9 "Sticker pack holds 4 random stickers"): every sticker
 * of the album shuffled and dealt out 4 to a pack, so the file is one print run in which every sticker is printed
 * equally often (ceil(stickers / 4) packs; the print shop prints the file as many times as packs are ordered,
 * and no sticker is rarer than another). Each pack holds 4 different stickers; the last pack, when fewer than 4
 * are left, is topped up with stickers drawn from the rest of the album. An album with fewer than 4 stickers
 * gets one pack with some drawn twice, as a collector's pack has doubles. None for an album without stickers.
 * `random` returns [0, 1) like Math.random (seededRandom for a reproducible draw: the same seed, the same packs).
 */
export function stickerPacks(doc: AlbumDocument, random: () => number = Math.random): StickerItem[][] {
  const pool = stickersInNumberOrder(doc);
  const pick = (from: readonly StickerItem[]) =>
    from[Math.min(from.length - 1, Math.floor(random() * from.length))];
  // Fisher-Yates shuffle of the whole set.
  const deck = [...pool];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const packs: StickerItem[][] = [];
  for (let at = 0; at < deck.length; at += STICKERS_PER_PACK) {
    const pack = deck.slice(at, at + STICKERS_PER_PACK);
    while (pack.length < STICKERS_PER_PACK) {
      const others = pool.filter((item) => !pack.includes(item));
      pack.push(pick(others.length > 0 ? others : pool));
    }
    packs.push(pack);
  }
  return packs;
}

/** Every sticker once: placed ones in number order, then unplaced ones in document order. */
function stickersInNumberOrder(doc: AlbumDocument): StickerItem[] {
  const numbering = numberStickers(doc);
  const items: StickerItem[] = [];
  const cellOf = new Map<string, DocNode>();
  for (const cellId of numbering.cellOrder) {
    const cell = doc.nodes[cellId];
    const stickerId = cell?.props.stickerId;
    if (typeof stickerId === 'string' && !cellOf.has(stickerId)) cellOf.set(stickerId, cell);
  }
  for (const [stickerId, cell] of cellOf) {
    const sticker = doc.stickers[stickerId];
    items.push({
      stickerId,
      cellId: cell.id,
      number: numbering.numbersBySticker.get(stickerId)?.[0],
      double: sticker.doubleSticker,
    });
  }
  for (const sticker of Object.values(doc.stickers)) {
    if (!cellOf.has(sticker.id)) items.push({ stickerId: sticker.id, double: sticker.doubleSticker });
  }
  return items;
}

/** Lays the stickers out row by row on A4 sheets; a double sticker never splits across rows. */
function layoutStickerSheets(items: StickerItem[]): StickerSheet[] {
  // The gap must hold both neighbours' bleed, clearance and marks (see STICKER_SHEET_MM).
  const reach = PRINT_BLEED_MM + CROP_MARK_GAP_MM + STICKER_CUT_MARK_MM;
  if (STICKER_SHEET_MM.gap < 2 * reach) throw new Error('Sticker gap too small for bleed and cut marks');
  const { width, height, margin, gap } = STICKER_SHEET_MM;
  const pitchX = STICKER_CELL_MM.width + gap;
  const pitchY = STICKER_CELL_MM.height + gap;
  const columns = Math.floor((width - 2 * margin + gap) / pitchX);
  const rows = Math.floor((height - 2 * margin + gap) / pitchY);
  // Centre the grid on the sheet.
  const offsetX = (width - (columns * pitchX - gap)) / 2;
  const offsetY = (height - (rows * pitchY - gap)) / 2;
  const sheets: StickerSheet[] = [];
  let sheet: StickerSheet | undefined;
  let row = 0;
  let column = 0;
  for (const item of items) {
    const span = item.double ? 2 : 1;
    if (column + span > columns) {
      row += 1;
      column = 0;
    }
    if (!sheet || row >= rows) {
      sheet = { stickers: [] };
      sheets.push(sheet);
      row = 0;
      column = 0;
    }
    const size = item.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
    // A double cell spans two columns including the gap between them; its artwork stays 100 x 70 centred.
    const slotWidth = span * pitchX - gap;
    sheet.stickers.push({
      ...item,
      box: {
        x: offsetX + column * pitchX + (slotWidth - size.width) / 2,
        y: offsetY + row * pitchY,
        width: size.width,
        height: size.height,
      },
    });
    column += span;
  }
  return sheets;
}

/** A sticker's bleed box: its trim box grown by `bleedMm` on every side. */
export function stickerBleedBox(box: Box, bleedMm: number): Box {
  return {
    x: box.x - bleedMm,
    y: box.y - bleedMm,
    width: box.width + 2 * bleedMm,
    height: box.height + 2 * bleedMm,
  };
}

/**
 * Cut marks of every sticker on a sheet (sheet trim coordinates): at each corner one mark continuing the
 * horizontal and one continuing the vertical cut line, starting 1 mm outside the sticker's bleed. They stay in
 * the gap between stickers (STICKER_SHEET_MM), so they never print onto a sticker or its bleed.
 */
export function stickerCutMarks(sheet: StickerSheet, bleedMm: number): Segment[] {
  const from = bleedMm + CROP_MARK_GAP_MM;
  const to = from + STICKER_CUT_MARK_MM;
  const marks: Segment[] = [];
  for (const { box } of sheet.stickers) {
    const right = box.x + box.width;
    const bottom = box.y + box.height;
    for (const y of [box.y, bottom]) {
      marks.push({ x1: box.x - to, y1: y, x2: box.x - from, y2: y });
      marks.push({ x1: right + from, y1: y, x2: right + to, y2: y });
    }
    for (const x of [box.x, right]) {
      marks.push({ x1: x, y1: box.y - to, x2: x, y2: box.y - from });
      marks.push({ x1: x, y1: bottom + from, x2: x, y2: bottom + to });
    }
  }
  return marks;
}

// Page order ----------------------------------------------------------------------------------------------------

/** One page of the output, in print order. `region` is the part of its spread it shows (spread coordinates). */
export type PrintPage =
  | { kind: 'page'; spreadId: string; side: 'left' | 'right'; pageNumber: number | null; region: Box }
  | { kind: 'spread'; spreadId: string; region: Box }
  | { kind: 'cover'; spreadId: string; cover: CoverLayout }
  | { kind: 'stickers'; sheet: StickerSheet }
  /** A sticker pack's wrapper; `pack` counts the packs of the file from 1. */
  | { kind: 'stickerpack'; pack: number }
  /** One sticker of a pack, on a sheet of its own size (it is cut out on its own). */
  | { kind: 'sticker'; pack: number; sticker: StickerItem };

export function pageRegion(side: 'left' | 'right'): Box {
  return { x: side === 'left' ? 0 : PAGE_WIDTH_MM, y: 0, width: PAGE_WIDTH_MM, height: PAGE_HEIGHT_MM };
}

/** The finished (trim) size of a print page. */
export function trimSizeOf(page: PrintPage): { width: number; height: number } {
  switch (page.kind) {
    case 'page':
    case 'spread':
      return { width: page.region.width, height: page.region.height };
    case 'cover':
      return { width: page.cover.width, height: page.cover.height };
    case 'stickers':
      return { width: STICKER_SHEET_MM.width, height: STICKER_SHEET_MM.height };
    case 'stickerpack':
      return { ...STICKER_PACK_SHEET_MM };
    case 'sticker': {
      const { width, height } = page.sticker.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
      return { width, height };
    }
  }
}

/**
 * Every page the mode produces, in print order, before the range is applied:
 * - `spread`: every spread, cover first (460 x 297 each);
 * - `album_softcover`: the cover spread as one flat cover (back, spine, front);
 * - `stickers`: sticker sheets;
 * - `stickerpack`: for every pack (stickerPacks) its 240 x 75 wrapper, then its 4 stickers, each on a sheet of
 *   its own size (50 x 70, a double 100 x 70); just the wrapper for an album without stickers;
 * - anything else: single pages in reading order: the inlay (every spread after the cover, left page then right
 *   page), with `includeCover` the front cover first and the back cover last.
 */
export function allPrintPages(
  doc: AlbumDocument,
  settings: Pick<PrintSettings, 'mode' | 'includeCover' | 'seed'>,
): PrintPage[] {
  const spreads = spreadsInOrder(doc);
  switch (settings.mode) {
    case 'spread':
      return spreads.map((s) => ({
        kind: 'spread',
        spreadId: s.id,
        region: { x: 0, y: 0, width: SPREAD_WIDTH_MM, height: SPREAD_HEIGHT_MM },
      }));
    case 'album_softcover':
      return spreads.length === 0
        ? []
        : [{ kind: 'cover', spreadId: spreads[0].id, cover: coverLayout(spreads.length) }];
    case 'stickers':
      return stickerSheets(doc).map((sheet) => ({ kind: 'stickers', sheet }));
    case 'stickerpack': {
      const random = settings.seed === undefined ? Math.random : seededRandom(settings.seed);
      const packs = stickerPacks(doc, random);
      if (packs.length === 0) return [{ kind: 'stickerpack', pack: 1 }];
      return packs.flatMap((stickers, i): PrintPage[] => [
        { kind: 'stickerpack', pack: i + 1 },
        ...stickers.map((sticker): PrintPage => ({ kind: 'sticker', pack: i + 1, sticker })),
      ]);
    }
  }
  const page = (ordinal: number, side: 'left' | 'right'): PrintPage => ({
    kind: 'page',
    spreadId: spreads[ordinal].id,
    side,
    pageNumber: pageNumber(ordinal, side),
    region: pageRegion(side),
  });
  const pages: PrintPage[] = [];
  if (settings.includeCover && spreads.length > 0) pages.push(page(0, 'right'));
  for (let ordinal = 1; ordinal < spreads.length; ordinal++)
    pages.push(page(ordinal, 'left'), page(ordinal, 'right'));
  if (settings.includeCover && spreads.length > 0) pages.push(page(0, 'left'));
  return pages;
}

/** The pages of a print file: the mode's pages filtered by the range (null when the range is malformed). */
export function printPages(
  doc: AlbumDocument,
  settings: Pick<PrintSettings, 'mode' | 'includeCover' | 'range' | 'seed'>,
): PrintPage[] | null {
  const pages = allPrintPages(doc, settings);
  const keep = parseRange(settings.range, pages.length);
  return keep === null ? null : keep.map((n) => pages[n - 1]);
}

// Backgrounds into the bleed --------------------------------------------------------------------------------------

const EDGE_TOLERANCE_MM = 0.01;

/**
 * SPEC §9 "backgrounds extend into the bleed": a rectangle or photo that touches an outer trim edge of its spread
 * (the seed designs stop exactly at the trim) grows by the bleed past that edge, so a slightly off cut shows no
 * white line. Only unrotated, unscaled top-level elements; a photo's crop is recomputed for the larger frame
 * (it grows by about 1.7 % and stays centred). `foldGrowMm` also grows the cover's backgrounds touching the fold
 * into the spine (half the spine each side). Returns the same document when nothing changes.
 */
export function extendBackgroundsIntoBleed(
  doc: AlbumDocument,
  spreadIds: readonly string[],
  bleedMm: number,
  foldGrowMm = 0,
): AlbumDocument {
  if (bleedMm <= 0 && foldGrowMm <= 0) return doc;
  let nodes: Record<string, DocNode> | undefined;
  const near = (a: number, b: number) => Math.abs(a - b) <= EDGE_TOLERANCE_MM;
  for (const spreadId of spreadIds) {
    for (const node of childrenOf(doc, spreadId)) {
      if (node.type !== 'Rectangle' && node.type !== 'Image') continue;
      const p = node.props as {
        x?: unknown;
        y?: unknown;
        width?: unknown;
        height?: unknown;
        rotation?: unknown;
        scale?: unknown;
      };
      if (
        typeof p.x !== 'number' ||
        typeof p.y !== 'number' ||
        typeof p.width !== 'number' ||
        typeof p.height !== 'number'
      )
        continue;
      if ((p.rotation ?? 0) !== 0 || (p.scale ?? 1) !== 1) continue;
      let { x, y, width, height } = p;
      const right = x + width;
      const bottom = y + height;
      let x1 = x;
      let x2 = right;
      let y1 = y;
      let y2 = bottom;
      if (near(x, 0)) x1 = -bleedMm;
      if (near(right, SPREAD_WIDTH_MM)) x2 = SPREAD_WIDTH_MM + bleedMm;
      if (near(y, 0)) y1 = -bleedMm;
      if (near(bottom, SPREAD_HEIGHT_MM)) y2 = SPREAD_HEIGHT_MM + bleedMm;
      if (foldGrowMm > 0 && near(right, PAGE_WIDTH_MM)) x2 = PAGE_WIDTH_MM + foldGrowMm;
      if (foldGrowMm > 0 && near(x, PAGE_WIDTH_MM)) x1 = PAGE_WIDTH_MM - foldGrowMm;
      if (x1 === x && x2 === right && y1 === y && y2 === bottom) continue;
      [x, y, width, height] = [x1, y1, x2 - x1, y2 - y1];
      nodes ??= { ...doc.nodes };
      nodes[node.id] = { ...node, props: { ...node.props, x, y, width, height } };
    }
  }
  return nodes ? { ...doc, nodes } : doc;
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
