/**
 * Stickers as album data: create, update, delete, place in a cell, unlink from a cell (SPEC §3, §4).
 * A sticker is placed when a StickerCell's `stickerId` names it; it sits in at most one cell.
 */
import type { AlbumDocument, DocNode, Sticker } from '../document.ts';
import { createId, type IdFactory } from '../ids.ts';
import { propPath, stickerFieldPath, stickerPath, type Patch } from '../patches.ts';
import { stickerSchema } from '../schema.ts';
import { getNode, sectionOf, sectionsInOrder } from '../tree.ts';
import { fail, requireNode, requireSection, type Change } from './shared.ts';

export function requireSticker(doc: AlbumDocument, id: string): Sticker {
  if (!Object.hasOwn(doc.stickers, id)) fail('STICKER_NOT_FOUND', `sticker ${id} does not exist`);
  return doc.stickers[id];
}

/** The cells a sticker is placed in (normally zero or one). */
export function cellsOfSticker(doc: AlbumDocument, stickerId: string): DocNode[] {
  return Object.values(doc.nodes).filter(
    (node) => node.type === 'StickerCell' && node.props.stickerId === stickerId,
  );
}

export type NewSticker = Omit<Sticker, 'id' | 'sectionId'> & { sectionId?: string };

/**
 * Creates a sticker in a section (default: the first non-static section). SPEC §5: a section must exist before
 * stickers can be added. Name rules are form rules (`rules/sticker.ts`), so a placeholder may be created empty.
 */
export function createSticker(doc: AlbumDocument, input: NewSticker, newId: IdFactory = createId): Change {
  const sectionId =
    input.sectionId ?? sectionsInOrder(doc).find((section) => section.props.static !== true)?.id;
  if (sectionId === undefined) fail('NO_EDITABLE_SECTION', 'create a section before adding stickers');
  requireSection(doc, sectionId);
  const sticker = { ...input, id: newId(), sectionId };
  const parsed = stickerSchema.safeParse(sticker);
  if (!parsed.success) fail('INVALID_PROPS', parsed.error.issues[0]?.message);
  return { patches: [{ op: 'add', path: stickerPath(sticker.id), value: sticker }], selection: [sticker.id] };
}

/** Sets sticker fields; `undefined` removes an optional field. */
export function updateSticker(doc: AlbumDocument, id: string, changes: Partial<Omit<Sticker, 'id'>>): Change {
  const sticker = requireSticker(doc, id) as unknown as Record<string, unknown>;
  const next: Record<string, unknown> = { ...sticker, ...changes };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  const parsed = stickerSchema.safeParse(next);
  if (!parsed.success) fail('INVALID_PROPS', parsed.error.issues[0]?.message);
  if (typeof changes.sectionId === 'string') requireSection(doc, changes.sectionId);
  const patches: Patch[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'id') continue;
    const exists = Object.hasOwn(sticker, key);
    if (value === undefined) {
      if (exists) patches.push({ op: 'remove', path: stickerFieldPath(id, key) });
    } else if (!exists || sticker[key] !== value) {
      patches.push({ op: exists ? 'replace' : 'add', path: stickerFieldPath(id, key), value });
    }
  }
  return { patches, selection: [id] };
}

/** SPEC §4: deleting a sticker unlinks its cell first; the cell stays, empty. */
export function deleteSticker(doc: AlbumDocument, id: string): Change {
  requireSticker(doc, id);
  const patches: Patch[] = cellsOfSticker(doc, id).map((cell) => ({
    op: 'remove',
    path: propPath(cell.id, 'stickerId'),
  }));
  patches.push({ op: 'remove', path: stickerPath(id) });
  return { patches, selection: [] };
}

/** Removes the sticker from a cell; the sticker becomes unplaced. */
export function unlinkSticker(doc: AlbumDocument, cellId: string): Change {
  const cell = requireCell(doc, cellId);
  if (cell.props.stickerId === undefined) return { patches: [], selection: [cellId] };
  return { patches: [{ op: 'remove', path: propPath(cellId, 'stickerId') }], selection: [cellId] };
}

function requireCell(doc: AlbumDocument, cellId: string): DocNode {
  const cell = requireNode(doc, cellId);
  if (cell.type !== 'StickerCell') fail('NOT_A_STICKER_CELL', `${cell.type} ${cellId} is not a sticker cell`);
  return cell;
}

/**
 * Places a sticker in a cell (SPEC §4 "drop on sticker cell"): the sticker leaves any cell it was in, a sticker
 * already in the target cell becomes unplaced, and the sticker is reassigned to the cell's section.
 */
export function placeSticker(doc: AlbumDocument, stickerId: string, cellId: string): Change {
  const sticker = requireSticker(doc, stickerId);
  const cell = requireCell(doc, cellId);
  if (cell.props.stickerId === stickerId) return { patches: [], selection: [cellId] };
  const patches: Patch[] = cellsOfSticker(doc, stickerId).map((other) => ({
    op: 'remove',
    path: propPath(other.id, 'stickerId'),
  }));
  patches.push({
    op: cell.props.stickerId === undefined ? 'add' : 'replace',
    path: propPath(cellId, 'stickerId'),
    value: stickerId,
  });
  const section = sectionOf(doc, cellId);
  if (section && section.id !== sticker.sectionId) {
    patches.push({ op: 'replace', path: stickerFieldPath(stickerId, 'sectionId'), value: section.id });
  }
  return { patches, selection: [cellId] };
}

/** The sticker placed in a cell, if any. */
export function stickerInCell(doc: AlbumDocument, cellId: string): Sticker | undefined {
  const stickerId = getNode(doc, cellId)?.props.stickerId;
  return typeof stickerId === 'string' && Object.hasOwn(doc.stickers, stickerId)
    ? doc.stickers[stickerId]
    : undefined;
}
