/**
 * Where everything sits on a print sheet (SPEC §9 print constants). Units are millimetres. A "sheet" is one page
 * of the output file: a trimmed area (an album page, a spread, the cover, a sticker sheet, the sticker pack
 * wrapper, one sticker of a pack) with optional bleed around it and, around that, a slug carrying crop marks.
 * The sheets of one file may differ in size (a sticker pack file).
 */
import { PRINT_BLEED_MM, PRINT_SLUG_MM } from '../constants.ts';
import type { AlbumDocument, DocNode } from '../document.ts';
import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM, SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM } from '../document.ts';
import { spineWidthMm } from '../geometry.ts';
import { childrenOf } from '../tree.ts';

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
