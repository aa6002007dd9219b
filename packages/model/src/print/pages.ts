/** Page order (SPEC §2 modes): every output page of a print file, in print order, and its finished size. */
import { STICKER_PACK_SHEET_MM } from '../constants.ts';
import type { AlbumDocument } from '../document.ts';
import {
  DOUBLE_STICKER_CELL_MM,
  PAGE_HEIGHT_MM,
  PAGE_WIDTH_MM,
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  STICKER_CELL_MM,
} from '../document.ts';
import { pageNumber } from '../geometry.ts';
import { seededRandom } from '../random.ts';
import { spreadsInOrder } from '../tree.ts';
import { parseRange } from './export-options.ts';
import { coverLayout, type Box, type CoverLayout } from './geometry.ts';
import type { PrintSettings } from './presets.ts';
import {
  STICKER_SHEET_MM,
  stickerPacks,
  stickerSheets,
  type StickerItem,
  type StickerSheet,
} from './sticker-sheets.ts';

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

function pageRegion(side: 'left' | 'right'): Box {
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
