/**
 * Print and canvas geometry: page and spread sizes, spine width and album statistics, element transforms and
 * bounds, hit testing, and the page box (SPEC §5). Units are millimetres.
 *
 * Element transform convention (shared with the renderer): an element occupies the box (x, y, width x scale,
 * height x scale) in its parent's coordinates; `rotation` is in degrees, clockwise (y points down), around the
 * centre of that box; `scale` (default 1) scales the content from the box's top-left corner; `flip` mirrors
 * the content inside the box and does not change bounds. A group's children are in the group's coordinates.
 */
import { SPINE_MM_PER_INLAY_SPREAD, SPREAD_GAP_MM } from './constants.ts';
import type { AlbumDocument, DocNode } from './document.ts';
import { PAGE_WIDTH_MM, SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM } from './document.ts';
import { ancestorsOf, childrenOf, getNode, spreadsInOrder } from './tree.ts';

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

// Album statistics --------------------------------------------------------------------------------------------

/** SPEC §9: inlay spreads = spreads minus 1 (the cover spread is printed separately). */
export function inlaySpreadsCount(spreadsCount: number): number {
  return Math.max(0, spreadsCount - 1);
}

/** SPEC §9: spine thickness = ceil(0.14 x (inlay spreads - 2) x 10) / 10 mm, never below 0. */
export function spineWidthMm(spreadsCount: number): number {
  const inlay = inlaySpreadsCount(spreadsCount);
  // Rounding first keeps 0.14 x n (e.g. 0.14 x 5 = 0.7000000000000001) from ceiling up one tenth too far.
  const tenths = Math.ceil(Math.round(SPINE_MM_PER_INLAY_SPREAD * (inlay - 2) * 10 * 1e6) / 1e6);
  return Math.max(0, tenths / 10);
}

/**
 * Spreads to add so the inlay can be bound: a sheet folds into 4 pages, so the inlay needs an even number of
 * spreads. This reading of SPEC §3 "spreadsNeeded" is an assumption; the SPEC names the figure without a formula.
 */
export function spreadsNeeded(spreadsCount: number): number {
  return inlaySpreadsCount(spreadsCount) % 2;
}

export interface AlbumStatistics {
  spreadsCount: number;
  inlaySpreadsCount: number;
  spreadsNeeded: number;
  /** Spine thickness in mm. */
  spine: number;
}

export function albumStatistics(doc: AlbumDocument): AlbumStatistics {
  const spreadsCount = spreadsInOrder(doc).length;
  return {
    spreadsCount,
    inlaySpreadsCount: inlaySpreadsCount(spreadsCount),
    spreadsNeeded: spreadsNeeded(spreadsCount),
    spine: spineWidthMm(spreadsCount),
  };
}

// Canvas layout ------------------------------------------------------------------------------------------------

/** Spreads are laid out vertically with a 60 mm gap; this is the top-left corner of spread number `ordinal`. */
export function spreadOriginMm(ordinal: number): Point {
  return { x: 0, y: ordinal * (SPREAD_HEIGHT_MM + SPREAD_GAP_MM) };
}

/** The spread ordinal under a canvas y coordinate, or -1 when it falls in a gap or outside the album. */
export function spreadOrdinalAtY(y: number, spreadsCount: number): number {
  const pitch = SPREAD_HEIGHT_MM + SPREAD_GAP_MM;
  const ordinal = Math.floor(y / pitch);
  if (ordinal < 0 || ordinal >= spreadsCount || y - ordinal * pitch > SPREAD_HEIGHT_MM) return -1;
  return ordinal;
}

// Transforms ------------------------------------------------------------------------------------------------------

/** A 2D affine matrix [a c e; b d f; 0 0 1], as in SVG. */
export interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

const IDENTITY: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

export function multiply(m: Matrix, n: Matrix): Matrix {
  return {
    a: m.a * n.a + m.c * n.b,
    b: m.b * n.a + m.d * n.b,
    c: m.a * n.c + m.c * n.d,
    d: m.b * n.c + m.d * n.d,
    e: m.a * n.e + m.c * n.f + m.e,
    f: m.b * n.e + m.d * n.f + m.f,
  };
}

export function applyToPoint(m: Matrix, p: Point): Point {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
}

export function invert(m: Matrix): Matrix {
  const det = m.a * m.d - m.b * m.c;
  return {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det,
  };
}

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  scale: number;
}

export function placementOf(props: Record<string, unknown>): Placement {
  const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return {
    x: num(props.x, 0),
    y: num(props.y, 0),
    width: num(props.width, 0),
    height: num(props.height, 0),
    rotation: num(props.rotation, 0),
    scale: num(props.scale, 1),
  };
}

/** Maps the element's own coordinates (0..width, 0..height) to its parent's. */
export function localMatrix(placement: Placement): Matrix {
  const { x, y, width, height, rotation, scale } = placement;
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const cx = (width * scale) / 2;
  const cy = (height * scale) / 2;
  // translate(x + c) . rotate . translate(-c) . scale
  return {
    a: cos * scale,
    b: sin * scale,
    c: -sin * scale,
    d: cos * scale,
    e: x + cx - cos * cx + sin * cy,
    f: y + cy - sin * cx - cos * cy,
  };
}

/** Maps a node's own coordinates to its spread's coordinates (through every enclosing group). */
export function spreadMatrix(doc: AlbumDocument, id: string): Matrix {
  const node = getNode(doc, id);
  if (!node || node.type === 'Spread') return IDENTITY;
  let matrix = localMatrix(placementOf(node.props));
  for (const ancestor of ancestorsOf(doc, id)) {
    if (ancestor.type !== 'Group') break;
    matrix = multiply(localMatrix(placementOf(ancestor.props)), matrix);
  }
  return matrix;
}

/**
 * The placement that puts an element of the given size at `matrix` (its own-to-target-coordinates transform),
 * for moving an element between coordinate systems (ungroup, re-parent) without it moving on the page.
 * Assumes uniform scale and no skew, which holds for every matrix built by `localMatrix`.
 */
export function placementFromMatrix(matrix: Matrix, width: number, height: number): Placement {
  const scale = Math.hypot(matrix.a, matrix.b);
  const rotation = (Math.atan2(matrix.b, matrix.a) * 180) / Math.PI;
  const centre = applyToPoint(matrix, { x: width / 2, y: height / 2 });
  return {
    x: centre.x - (width * scale) / 2,
    y: centre.y - (height * scale) / 2,
    width,
    height,
    rotation: Math.abs(rotation) < 1e-9 ? 0 : rotation,
    scale,
  };
}

/** The four corners of a box after a transform. */
export function transformedCorners(matrix: Matrix, width: number, height: number): Point[] {
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ].map((corner) => applyToPoint(matrix, corner));
}

export function boundsOfPoints(points: readonly Point[]): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Axis-aligned bounds of a (possibly rotated) placement in its parent's coordinates. */
export function rotatedBounds(placement: Placement): Rect {
  return boundsOfPoints(transformedCorners(localMatrix(placement), placement.width, placement.height));
}

/** Axis-aligned bounds of a node in its spread's coordinates; a group's bounds cover its descendants. */
export function nodeBoundsInSpread(doc: AlbumDocument, id: string): Rect {
  const node = getNode(doc, id);
  if (!node) return { x: 0, y: 0, width: 0, height: 0 };
  if (node.type === 'Group' && childrenOf(doc, id).length > 0) {
    return unionRects(childrenOf(doc, id).map((child) => nodeBoundsInSpread(doc, child.id)));
  }
  const { width, height } = placementOf(node.props);
  return boundsOfPoints(transformedCorners(spreadMatrix(doc, id), width, height));
}

export function unionRects(rects: readonly Rect[]): Rect {
  return boundsOfPoints(
    rects.flatMap((r) => [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
    ]),
  );
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function rectContains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

// Hit testing -------------------------------------------------------------------------------------------------

/** Siblings in the order they are painted: `alwaysOnTop` elements above the rest, each part in index order. */
export function inPaintOrder(siblings: readonly DocNode[]): DocNode[] {
  return [
    ...siblings.filter((node) => node.props.alwaysOnTop !== true),
    ...siblings.filter((node) => node.props.alwaysOnTop === true),
  ];
}

/** Whether a point in spread coordinates lies on the node (exactly, respecting rotation; groups: any child). */
export function hitTestNode(doc: AlbumDocument, id: string, point: Point, tolerance = 0): boolean {
  const node = getNode(doc, id);
  if (!node) return false;
  if (node.type === 'Group')
    return childrenOf(doc, id).some((child) => hitTestNode(doc, child.id, point, tolerance));
  const { width, height, scale } = placementOf(node.props);
  const local = applyToPoint(invert(spreadMatrix(doc, id)), point);
  // The tolerance is in spread units; divide by the scale to compare in the element's own units.
  const slack = tolerance / (scale || 1);
  return local.x >= -slack && local.y >= -slack && local.x <= width + slack && local.y <= height + slack;
}

/** Top-level elements of a spread under a point, topmost first (what a click selects). */
export function elementsAtPoint(
  doc: AlbumDocument,
  spreadId: string,
  point: Point,
  tolerance = 0,
): DocNode[] {
  return inPaintOrder(childrenOf(doc, spreadId))
    .reverse()
    .filter((node) => hitTestNode(doc, node.id, point, tolerance));
}

/**
 * Top-level elements of a spread selected by a lasso rectangle: 'contain' needs the element's bounds inside the
 * rectangle, 'intersect' any overlap of bounds (axis-aligned bounds, so a rotated element's empty corners count).
 */
export function elementsInRect(
  doc: AlbumDocument,
  spreadId: string,
  rect: Rect,
  mode: 'contain' | 'intersect' = 'intersect',
): DocNode[] {
  return childrenOf(doc, spreadId).filter((node) => {
    const bounds = nodeBoundsInSpread(doc, node.id);
    return mode === 'contain' ? rectContains(rect, bounds) : rectsIntersect(rect, bounds);
  });
}

// Pages and the page box (SPEC §5) ---------------------------------------------------------------------------

export type PageSide = 'left' | 'right';

/** Which page of a spread an x coordinate (spread coordinates) falls on. */
export function pageSideAt(x: number): PageSide {
  return x < PAGE_WIDTH_MM ? 'left' : 'right';
}

/**
 * The printed page number of a page: spread 0 is the cover (its right page, the front cover, is page 1; its
 * left page, the back cover, has no number), spread n has pages 2n and 2n + 1. Returns null for the back cover.
 */
export function pageNumber(spreadOrdinal: number, side: PageSide): number | null {
  if (spreadOrdinal === 0) return side === 'right' ? 1 : null;
  return 2 * spreadOrdinal + (side === 'right' ? 1 : 0);
}

/** Total pages as the page box counts them: the last spread shows only its left page (label '2n'). */
export function totalPages(spreadsCount: number): number {
  if (spreadsCount <= 0) return 0;
  return spreadsCount === 1 ? 1 : 2 * (spreadsCount - 1);
}

/**
 * The page box label of a spread (SPEC §5): '2n+1' for the first spread (so '1', the cover), '2n' for the last,
 * 'a-b' (2n and 2n+1) between.
 */
export function pageBoxLabel(spreadOrdinal: number, spreadsCount: number): string {
  const n = spreadOrdinal;
  if (n === 0) return String(2 * n + 1);
  if (n === spreadsCount - 1) return String(2 * n);
  return `${2 * n}-${2 * n + 1}`;
}

/**
 * Parses what the user typed into the page box (SPEC §5): a page number from 1 to 2 x spreads - 1; 1 is the
 * cover, any other page n is on spread floor(n / 2). A label like '4-5' is read by its first number.
 * Returns the spread ordinal, or null when the input is invalid (the box then resets to the current label).
 */
export function parsePageBox(input: string, spreadsCount: number): number | null {
  const match = /^\s*(\d{1,6})(\s*-\s*\d{1,6})?\s*$/.exec(input);
  if (!match) return null;
  const page = Number(match[1]);
  if (page < 1 || page > 2 * spreadsCount - 1) return null;
  return page === 1 ? 0 : Math.floor(page / 2);
}

/** Size of the whole canvas: every spread stacked with gaps. */
export function canvasSizeMm(spreadsCount: number): { width: number; height: number } {
  return {
    width: SPREAD_WIDTH_MM,
    height: spreadsCount === 0 ? 0 : spreadsCount * SPREAD_HEIGHT_MM + (spreadsCount - 1) * SPREAD_GAP_MM,
  };
}
