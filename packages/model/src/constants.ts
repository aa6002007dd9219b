/**
 * Business constants and limits of SPEC §9 (and the numeric limits of §5), in one place so the server and the web
 * app cannot drift apart. Page and cell sizes live in `document.ts` beside the types they measure.
 */

// Canvas and editor ---------------------------------------------------------------------------------------

/** Vertical gap between spreads on the canvas, in mm (document units). */
export const SPREAD_GAP_MM = 60;
/** Zoom menu presets: 50, 100, 200, 300 %. */
export const ZOOM_PRESETS = [0.5, 1, 2, 3] as const;
export const ZOOM_MAX = 100;
/** Ctrl-wheel / pinch zoom: about 0.75 % per wheel delta unit. */
export const ZOOM_WHEEL_STEP_PER_UNIT = 0.0075;
/** Grid snap in mm; the grid is shown only at zoom 1 or above. SPEC notes also mention 2 (1 beyond zoom 2). */
export const GRID_SNAP_MM = 5;
export const GRID_MIN_ZOOM = 1;
/** Smart guides snap within 5 / zoom and match within 0.03. */
export const SMART_GUIDE_SNAP = 5;
export const SMART_GUIDE_MATCH_TOLERANCE = 0.03;
/** Labels hidden below this zoom (0.75 on mobile). */
export const LABEL_MIN_ZOOM = 1;
export const LABEL_MIN_ZOOM_MOBILE = 0.75;
export const LASSO_THRESHOLD_PX = 5;
export const DRAG_SENSITIVITY = { mobile: 0.2, desktop: 0.33 } as const;
export const HISTORY_THUMBNAIL_PX = 48;
/** Arrow-key nudge: 1 mm, x10 with shift, x0.1 with ctrl. */
export const NUDGE_MM = { normal: 1, shift: 10, ctrl: 0.1 } as const;
/** Duplicate offsets the copy by 10 in both directions (SPEC §4). */
export const DUPLICATE_OFFSET_MM = 10;
export const ROTATION_SNAP_DEGREES = 45;
/** Layer labels and the title display are truncated at 20 characters. */
export const LABEL_TRUNCATE_CHARS = 20;
export const FONT_MENU_MAX_HEIGHT_PX = 300;

/** Editor defaults (SPEC §4). */
export const EDITOR_DEFAULTS = {
  showStickers: true,
  grid: false,
  autoFit: true,
  alignToPage: true,
  sidebarMinimized: false,
} as const;

// Elements -------------------------------------------------------------------------------------------------

/** Default sizes of new elements created with a tool, in mm. */
export const DEFAULT_ELEMENT_SIZE_MM = {
  Text: { width: 100, height: 20 },
  Circle: { width: 100, height: 100 },
  Rectangle: { width: 100, height: 100 },
  Line: { width: 100, height: 1 },
} as const;
export const FONT_SIZE_MIN = 4;
export const FONT_SIZE_MAX = 72;
export const LINE_HEIGHTS_PERCENT = [100, 120, 150, 200] as const;
/** A new text paragraph: 11 pt, line height 150 %, black. */
export const NEW_TEXT_DEFAULTS = { fontSize: 11, lineHeightPercent: 150, color: '#000000' } as const;
export const STROKE_WIDTH_RANGE = { min: 0, max: 100 } as const;
export const OPACITY_RANGE = { min: 0, max: 100 } as const;
export const BORDER_RADIUS_RANGE = { min: 0, max: 50 } as const;
export const GRADIENT_COLORS_RANGE = { min: 2, max: 4 } as const;
export const STICKER_SCALE_RANGE = { min: 0.0001, max: 9 } as const;

// Stickers ---------------------------------------------------------------------------------------------------

export const STICKER_NAME_MAX = 30;
export const STICKER_POSITION_MAX = 30;
export const SECTION_NAME_MAX = 50;
export const STICKERS_PER_PACK = 4;
export const STICKER_PACK_SHEET_MM = { width: 240, height: 75 } as const;
export const STICKER_TEMPLATE_TEXT_FIELDS = [
  'line',
  'line1',
  'line2',
  'position',
  'number',
  'nextnumber',
] as const;

// Styles -------------------------------------------------------------------------------------------------------

export const COLOR_PRESET_COUNT = 8;
export const COLORS_PER_PRESET = 5;
export const FONT_PRESET_COUNT = 10;
/** The first two album colours are skipped in style tiles; primary, secondary, tertiary live at indices 2-4. */
export const PALETTE_TILE_START_INDEX = 2;
export const PALETTE_ROLE_INDEX = { primary: 2, secondary: 3, tertiary: 4 } as const;

// Images and uploads -----------------------------------------------------------------------------------------

export const IMAGE_UPLOAD_MIN_MB = 0.0001;
export const IMAGE_UPLOAD_MAX_MB = 16;
export const IMAGE_UPLOAD_MAX_PIXELS = 32_000_000;
export const IMAGE_UPLOAD_MAX_FILES = 15;
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml'] as const;
export const STICKER_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const SPREAD_MODAL_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;
/**
 * Print quality: the longest side an image is kept at. A larger photo (a 48 MP phone photo is 8000 x 6000) is
 * scaled down to it before upload in the browser, and on the server for direct API uploads; one stored larger
 * (before that rule) is an error in the preflight.
 */
export const IMAGE_MAX_SIDE_PX = 6000;
/** The most pixels a photo may have to be decoded and scaled down at all (a decompression bomb stays refused). */
export const IMAGE_DOWNSCALE_MAX_PIXELS = 128_000_000;
/** Print quality: below 75 dpi at the placed size warns 'Niedrige Auflösung'. */
export const IMAGE_MIN_DPI = 75;
export const IMAGE_PREVIEW_WIDTH_PX = 800;
export const IMAGE_PREVIEW_JPEG_QUALITY = 0.8;
export const IMAGE_FILTER_KEYS = [
  'con',
  'rgb',
  'red',
  'green',
  'blue',
  'hue',
  'sat',
  'tone',
  'tone_red',
  'tone_green',
  'tone_blue',
] as const;

// Sync, polling, notifications ----------------------------------------------------------------------------

export const RENDER_JOBS_POLL_MS = 5000;
export const STICKER_UPLOADS_POLL_MS = 30_000;
export const HINT_SHOW_AFTER_MS = 3000;
export const HINT_HIDE_AFTER_MS = 5000;
export const STOCK_SEARCH_MIN_CHARS = 3;
export const STOCK_SEARCH_DEBOUNCE_MS = 750;
export const STOCK_PER_PAGE = 16;
export const ANALYTICS_COOKIE_DAYS = 90;

// Paging --------------------------------------------------------------------------------------------------------

export const PAGE_SIZES = { orders: 25, profileOrders: 3, dashboard: 20, stock: 16 } as const;
export const DASHBOARD_SORT_FIELDS = ['release_date', 'created_at'] as const;
export const DASHBOARD_DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;

// Outside image hosts ----------------------------------------------------------------------------------------

/**
 * SPEC §9 "upload domains whitelisted (list not shown)": the outside hosts whose image URLs the product hands to
 * browsers and to the render worker, which fetch them by URL. Only the stock photo CDN; our own origin and the
 * storage endpoint are ours. A URL elsewhere (a provider answer pointing to another host) is not passed on.
 */
export const UPLOAD_DOMAINS = ['images.pexels.com'] as const;

/** An https URL on one of the allowed upload domains. */
export function isAllowedUploadUrl(url: string, domains: readonly string[] = UPLOAD_DOMAINS): boolean {
  // No URL class here (no DOM or Node APIs in the model): the authority must be a plain host, so user info
  // ("https://images.pexels.com@elsewhere/") or another scheme never passes.
  const match = /^https:\/\/([a-z0-9.-]+)(?::\d+)?(?:[/?#]|$)/i.exec(url);
  return match !== null && domains.includes(match[1]!.toLowerCase());
}

// Orders, pricing, checkout -----------------------------------------------------------------------------------

/** Order button price label: "from 285 €", "from 1241 zł" in Polish. */
export const STARTING_PRICE = { EUR: 285, PLN: 1241 } as const;
export const DEFAULT_ALBUM_COUNT = 50;
export const STICKER_PACKAGING_TYPES = ['stickerpack', 'stickerbox_single_variety'] as const;
/**
 * SPEC §4: the packaging is `stickerbox_single_variety`, which the notes also spell `stickerboxSingleVariety`.
 * Both are accepted where a request names a packaging; the order stores the first.
 */
export function canonicalPackagingType(value: string): string {
  return value === 'stickerboxSingleVariety' ? 'stickerbox_single_variety' : value;
}
export const ALBUM_CATEGORIES = ['business', 'wedding', 'sports', 'birthday', 'school', 'community'] as const;
export type AlbumCategory = (typeof ALBUM_CATEGORIES)[number];
/** Album-count slider range per category (SPEC §5). */
export const ALBUM_COUNT_RANGE: Record<AlbumCategory, { min: number; max: number }> = {
  wedding: { min: 10, max: 200 },
  business: { min: 10, max: 700 },
  sports: { min: 10, max: 200 },
  birthday: { min: 10, max: 200 },
  school: { min: 10, max: 200 },
  community: { min: 10, max: 500 },
};
export const DELIVERY_BUFFER_MONTHS = 2;
/** Warn when the estimated delivery is less than one day after the release date. */
export const DELIVERY_WARNING_DAYS = 1;
export const COMMENT_MAX_CHARS = 1000;
export const PHONE_MAX_CHARS = 20;
export const COUNTRIES = [
  'DE',
  'CH',
  'AT',
  'LU',
  'FR',
  'NL',
  'BE',
  'IE',
  'FI',
  'IT',
  'PL',
  'ES',
  'CZ',
  'RO',
] as const;
/** Default country (and phone area code) by UI language: it IT, fr FR, pl PL, else DE. */
export const DEFAULT_COUNTRY_BY_LANGUAGE: Record<string, string> = { it: 'IT', fr: 'FR', pl: 'PL' };
export const DEFAULT_COUNTRY = 'DE';
/** SPEC §1: the languages of the UI, of every album and of every mail and document; listed here once. */
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'pl'] as const;

// Organizations ----------------------------------------------------------------------------------------------

export const ORGANIZATION_SIZES = ['1-150', '151-200', '201-1000', '1000+'] as const;
export const ORGANIZATION_ROLES = ['member', 'lead', 'senior', 'executive'] as const;

// Print -------------------------------------------------------------------------------------------------------------

export const PRINT_BLEED_MM = 2;
export const PRINT_SLUG_MM = 8;
/** SPEC §9: spine = ceil(0.14 x (inlay spreads - 2) x 10) / 10 mm. */
export const SPINE_MM_PER_INLAY_SPREAD = 0.14;
export const EXPORT_FORMATS = ['pdf', 'jpg', 'png'] as const;
export const EXPORT_RESOLUTIONS = ['auto', 'small', 'medium', 'large', 'full', 'original'] as const;

// Automatic text -------------------------------------------------------------------------------------------------------

export const TEXT_SYMBOLS = [
  'sticker-name',
  'sticker-position',
  'sticker-number',
  'sticker-nextnumber',
  'section',
  'pagenum',
  'totalpages',
  'album',
  'totalstickers',
  'toc_pages',
  'toc_sections',
  'release_date',
] as const;
export type TextSymbol = (typeof TEXT_SYMBOLS)[number];
