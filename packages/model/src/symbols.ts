/**
 * Automatic text (SPEC §3): a Text node with a `symbol` shows a value derived from the document and cannot be
 * edited. Sticker symbols read the sticker of the enclosing sticker cell (or an explicit sticker, when a sticker
 * template is drawn for a sticker); page symbols read the page the text's centre is on.
 */
import type { TextSymbol } from './constants.ts';
import type { AlbumDocument } from './document.ts';
import { nodeBoundsInSpread, pageNumber, pageSideAt, totalPages } from './geometry.ts';
import { numberStickers } from './numbering.ts';
import {
  ancestorsOf,
  getNode,
  isStaticSection,
  sectionOf,
  sectionsInOrder,
  spreadOf,
  spreadOrdinalOf,
  spreadsInOrder,
  childrenOf,
} from './tree.ts';

export interface AlbumMeta {
  title: string;
  /** ISO date (YYYY-MM-DD) or full ISO timestamp; null when not set. */
  releaseDate: string | null;
  /** UI language of the album: de, en, fr, it, pl. */
  language: string;
}

export interface SymbolContext {
  doc: AlbumDocument;
  meta: AlbumMeta;
  /** The text node being drawn; locates its page, section and sticker cell. */
  nodeId?: string;
  /** The sticker being drawn (sticker templates); wins over the enclosing cell's sticker. */
  stickerId?: string;
}

function stickerIdFor(context: SymbolContext): string | undefined {
  if (context.stickerId !== undefined) return context.stickerId;
  if (context.nodeId === undefined) return undefined;
  const { doc } = context;
  const node = getNode(doc, context.nodeId);
  const cell =
    node?.type === 'StickerCell'
      ? node
      : ancestorsOf(doc, context.nodeId).find((n) => n.type === 'StickerCell');
  const id = cell?.props.stickerId;
  return typeof id === 'string' && Object.hasOwn(doc.stickers, id) ? id : undefined;
}

/** The page number a node sits on (by its centre), or null (back cover, or not on a spread). */
function pageNumberOfNode(doc: AlbumDocument, nodeId: string): number | null {
  const spread = spreadOf(doc, nodeId);
  if (!spread) return null;
  const bounds = nodeBoundsInSpread(doc, nodeId);
  return pageNumber(spreadOrdinalOf(doc, spread.id), pageSideAt(bounds.x + bounds.width / 2));
}

/** The first page of a section: the left page of its first spread (the cover spread counts as page 1). */
function firstPageOfSection(doc: AlbumDocument, sectionId: string): number | null {
  const first = childrenOf(doc, sectionId).find((node) => node.type === 'Spread');
  if (!first) return null;
  const ordinal = spreadOrdinalOf(doc, first.id);
  return ordinal === 0 ? 1 : 2 * ordinal;
}

/** Table of contents: the non-static sections that have spreads, with their first page. */
export function tableOfContents(
  doc: AlbumDocument,
): Array<{ sectionId: string; name: string; page: number }> {
  return sectionsInOrder(doc)
    .filter((section) => !isStaticSection(section))
    .map((section) => ({
      sectionId: section.id,
      name: String(section.props.name),
      page: firstPageOfSection(doc, section.id),
    }))
    .filter((entry): entry is { sectionId: string; name: string; page: number } => entry.page !== null);
}

/** A release date in the album's language, e.g. '24.12.2025' (de), '12/24/2025' (en). Empty when unset or invalid. */
export function formatReleaseDate(releaseDate: string | null, language: string): string {
  if (!releaseDate) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(releaseDate) ? `${releaseDate}T00:00:00Z` : releaseDate);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * The text an automatic symbol shows. Sticker symbols without a sticker resolve to '' (an empty cell shows its
 * placeholder instead). `sticker-nextnumber` is the second number of a double sticker, else number + 1.
 * `toc_sections` and `toc_pages` are newline-separated columns of the same table of contents.
 */
export function resolveSymbol(symbol: TextSymbol, context: SymbolContext): string {
  const { doc, meta } = context;
  switch (symbol) {
    case 'sticker-name':
    case 'sticker-position':
    case 'sticker-number':
    case 'sticker-nextnumber': {
      const stickerId = stickerIdFor(context);
      if (stickerId === undefined) return '';
      const sticker = doc.stickers[stickerId];
      if (symbol === 'sticker-name') return sticker.name;
      if (symbol === 'sticker-position') return sticker.position;
      const numbers = numberStickers(doc).numbersBySticker.get(stickerId);
      if (!numbers) return '';
      return String(symbol === 'sticker-number' ? numbers[0] : (numbers[1] ?? numbers[0] + 1));
    }
    case 'section': {
      const section = context.nodeId !== undefined ? sectionOf(doc, context.nodeId) : undefined;
      if (section) return String(section.props.name);
      const stickerId = stickerIdFor(context);
      const stickerSection = stickerId ? getNode(doc, doc.stickers[stickerId].sectionId) : undefined;
      return stickerSection ? String(stickerSection.props.name) : '';
    }
    case 'pagenum': {
      const page = context.nodeId !== undefined ? pageNumberOfNode(doc, context.nodeId) : null;
      return page === null ? '' : String(page);
    }
    case 'totalpages':
      return String(totalPages(spreadsInOrder(doc).length));
    case 'album':
      return meta.title;
    case 'totalstickers':
      return String(numberStickers(doc).total);
    case 'toc_sections':
      return tableOfContents(doc)
        .map((entry) => entry.name)
        .join('\n');
    case 'toc_pages':
      return tableOfContents(doc)
        .map((entry) => String(entry.page))
        .join('\n');
    case 'release_date':
      return formatReleaseDate(meta.releaseDate, meta.language);
  }
}

/** Resolves the symbol of a Text node, or undefined when the node has none. */
export function resolveNodeSymbol(doc: AlbumDocument, nodeId: string, meta: AlbumMeta): string | undefined {
  const symbol = getNode(doc, nodeId)?.props.symbol;
  if (typeof symbol !== 'string') return undefined;
  return resolveSymbol(symbol as TextSymbol, { doc, meta, nodeId });
}
