/**
 * Print presets (SPEC §3 render job params, §9 presets): the settings that decide what a print file looks like,
 * their defaults, and the named presets the export dialog offers.
 */
import { EXPORT_FORMATS, EXPORT_RESOLUTIONS } from '../constants.ts';

type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];

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
const PRINT_PRESETS: Record<PresetName, Partial<PrintSettings>> = {
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
