/**
 * The album preflight (issue 13): what must be fixed before an album can be ordered. The checkout refuses to submit
 * while any entry exists, the server answers 422 ALBUM_HAS_ERRORS, and the editor's top bar lists the entries, each
 * jumping to its spread. Codes only; the UI and the server translate them.
 *
 * - EMPTY_STICKER_CELL: a sticker cell on a spread without a sticker (it would print as an empty frame).
 * - STICKER_WITHOUT_NAME: a placed sticker without a name that is not double (SPEC §5). Unplaced stickers do not
 *   print, so they do not block an order.
 * - IMAGE_RESOLUTION_TOO_LOW: an image under 75 dpi at its placed size (SPEC §5 print quality, print-quality.ts).
 *   Images whose pixels are unknown are skipped, like in the element warning.
 * - EMPTY_SECTION: an editable (non-static) section without a spread.
 * - SPREADS_MISSING_FOR_BINDING: the inlay cannot be bound (SPEC §5/§9, geometry.ts `spreadsNeeded`: a sheet folds
 *   into four pages, so the spreads inside the cover must be even). `count` says how many to add; the entry sits at
 *   the last editable spread, where a spread would be added (none when every spread is static).
 */
import type { AlbumDocument } from '../document.ts';
import { albumStatistics } from '../geometry.ts';
import { preflight as printQualityIssues, type ImagePixels } from '../print-quality.ts';
import {
  descendantsOf,
  sectionOf,
  sectionsInOrder,
  spreadsInOrder,
  childrenOf,
  isStaticSection,
} from '../tree.ts';

export const PREFLIGHT_CODES = [
  'EMPTY_STICKER_CELL',
  'STICKER_WITHOUT_NAME',
  'IMAGE_RESOLUTION_TOO_LOW',
  'EMPTY_SECTION',
  'SPREADS_MISSING_FOR_BINDING',
] as const;
export type PreflightCode = (typeof PREFLIGHT_CODES)[number];

export interface PreflightEntry {
  code: PreflightCode;
  spread_id?: string;
  element_id?: string;
  sticker_id?: string;
  section_id?: string;
  /** SPREADS_MISSING_FOR_BINDING: how many spreads to add. */
  count?: number;
}

type ImageInfo = ReadonlyMap<string, ImagePixels> | Readonly<Record<string, ImagePixels | undefined>>;

/** Entries in album order: per spread its cells and stickers, then images, then empty sections, then binding. */
export function albumPreflight(doc: AlbumDocument, imageInfo: ImageInfo): PreflightEntry[] {
  const entries: PreflightEntry[] = [];
  for (const spread of spreadsInOrder(doc)) {
    const section_id = sectionOf(doc, spread.id)?.id;
    for (const node of descendantsOf(doc, spread.id)) {
      if (node.type !== 'StickerCell') continue;
      const stickerId = typeof node.props.stickerId === 'string' ? node.props.stickerId : undefined;
      const sticker = stickerId ? doc.stickers[stickerId] : undefined;
      if (!sticker) {
        entries.push({ code: 'EMPTY_STICKER_CELL', spread_id: spread.id, element_id: node.id, section_id });
      } else if (!sticker.doubleSticker && sticker.name.trim() === '') {
        entries.push({
          code: 'STICKER_WITHOUT_NAME',
          spread_id: spread.id,
          element_id: node.id,
          sticker_id: sticker.id,
          section_id: sticker.sectionId,
        });
      }
    }
  }
  for (const issue of printQualityIssues(doc, imageInfo)) {
    if (issue.code !== 'IMAGE_RESOLUTION_TOO_LOW') continue;
    entries.push({
      code: 'IMAGE_RESOLUTION_TOO_LOW',
      spread_id: issue.spreadId,
      element_id: issue.elementId,
    });
  }
  for (const section of sectionsInOrder(doc)) {
    if (isStaticSection(section)) continue;
    if (!childrenOf(doc, section.id).some((child) => child.type === 'Spread')) {
      entries.push({ code: 'EMPTY_SECTION', section_id: section.id });
    }
  }
  const missing = albumStatistics(doc).spreadsNeeded;
  if (missing > 0)
    entries.push({ code: 'SPREADS_MISSING_FOR_BINDING', count: missing, ...lastEditableSpread(doc) });
  return entries;
}

function lastEditableSpread(doc: AlbumDocument): Pick<PreflightEntry, 'spread_id' | 'section_id'> {
  const spreads = spreadsInOrder(doc);
  for (let i = spreads.length - 1; i >= 0; i--) {
    const section = sectionOf(doc, spreads[i]!.id);
    if (section && !isStaticSection(section)) return { spread_id: spreads[i]!.id, section_id: section.id };
  }
  return {};
}
