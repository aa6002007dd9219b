/**
 * Section actions (SPEC §4, §5): create with a non-empty name of at most 50 characters (new sections go before a
 * trailing static section), rename, move, delete (removes its stickers and spreads). Static sections (covers)
 * cannot be renamed, moved or deleted, and other sections cannot be moved past them.
 */
import type { AlbumDocument, DocNode } from '../document.ts';
import { createId, type IdFactory } from '../ids.ts';
import { indexPath, nodePath, propPath, stickerPath, type Patch } from '../patches.ts';
import { sectionNameError } from '../rules/section.ts';
import { getNode, isStaticSection, sectionsInOrder } from '../tree.ts';
import { fail, keysBetween, removeSubtreePatches, requireSection, type Change } from './shared.ts';
import { cellsOfSticker } from './stickers.ts';
import type { ModelErrorCode } from '../errors.ts';

function validName(name: string): string {
  const error = sectionNameError(name);
  if (error) fail(error);
  return name.trim();
}

/**
 * Where a new section goes: right after the last non-static section; with none, before a trailing static
 * section (the back cover) when there is one, else at the end.
 */
function newSectionKey(sections: readonly DocNode[]): string {
  const lastEditable = sections.findLastIndex((section) => !isStaticSection(section));
  const after =
    lastEditable >= 0
      ? lastEditable
      : sections.length >= 2 && isStaticSection(sections.at(-1))
        ? sections.length - 2
        : sections.length - 1;
  return keysBetween(sections[after]?.index ?? null, sections[after + 1]?.index ?? null, 1)[0];
}

export function createSection(doc: AlbumDocument, name: string, newId: IdFactory = createId): Change {
  const trimmed = validName(name);
  const id = newId();
  const section: DocNode = {
    id,
    type: 'Section',
    parentId: doc.rootId,
    index: newSectionKey(sectionsInOrder(doc)),
    props: { name: trimmed, static: false },
  };
  return { patches: [{ op: 'add', path: nodePath(id), value: section }], selection: [id] };
}

function sectionActionBlocker(doc: AlbumDocument, sectionId: string): ModelErrorCode | null {
  const section = getNode(doc, sectionId);
  if (section?.type !== 'Section') return 'SECTION_NOT_FOUND';
  return isStaticSection(section) ? 'SECTION_STATIC' : null;
}

function ensureEditable(doc: AlbumDocument, sectionId: string): DocNode {
  const blocker = sectionActionBlocker(doc, sectionId);
  if (blocker) fail(blocker);
  return requireSection(doc, sectionId);
}

export function renameSection(doc: AlbumDocument, sectionId: string, name: string): Change {
  const section = ensureEditable(doc, sectionId);
  const trimmed = validName(name);
  if (section.props.name === trimmed) return { patches: [], selection: [sectionId] };
  return {
    patches: [{ op: 'replace', path: propPath(sectionId, 'name'), value: trimmed }],
    selection: [sectionId],
  };
}

/**
 * The positions (in the final order of all sections) a non-static section may move to: after the leading static
 * sections and before the trailing ones.
 */
export function sectionMoveRange(doc: AlbumDocument): { min: number; max: number } {
  const sections = sectionsInOrder(doc);
  let leading = 0;
  while (leading < sections.length && isStaticSection(sections[leading])) leading++;
  let trailing = 0;
  while (trailing < sections.length - leading && isStaticSection(sections[sections.length - 1 - trailing]))
    trailing++;
  return { min: leading, max: sections.length - 1 - trailing };
}

/** Moves a section to `position` in the order of all sections (reorder sections, SPEC §4). */
export function moveSection(doc: AlbumDocument, sectionId: string, position: number): Change {
  ensureEditable(doc, sectionId);
  const { min, max } = sectionMoveRange(doc);
  if (!Number.isInteger(position) || position < min || position > max) fail('SECTION_POSITION_INVALID');
  const sections = sectionsInOrder(doc);
  if (sections[position]?.id === sectionId) return { patches: [], selection: [sectionId] };
  const others = sections.filter((section) => section.id !== sectionId);
  const [index] = keysBetween(others[position - 1]?.index ?? null, others[position]?.index ?? null, 1);
  return { patches: [{ op: 'replace', path: indexPath(sectionId), value: index }], selection: [sectionId] };
}

/**
 * Deletes a section with its spreads (and their elements) and its stickers; cells elsewhere that held one of
 * its stickers are emptied first. Confirmation is the UI's job.
 */
export function deleteSection(doc: AlbumDocument, sectionId: string): Change {
  ensureEditable(doc, sectionId);
  const patches: Patch[] = removeSubtreePatches(doc, [sectionId]);
  const removedNodes = new Set(patches.map((patch) => patch.path.slice('/nodes/'.length)));
  for (const sticker of Object.values(doc.stickers)) {
    if (sticker.sectionId !== sectionId) continue;
    for (const cell of cellsOfSticker(doc, sticker.id)) {
      if (!removedNodes.has(cell.id)) patches.unshift({ op: 'remove', path: propPath(cell.id, 'stickerId') });
    }
    patches.push({ op: 'remove', path: stickerPath(sticker.id) });
  }
  return { patches, selection: [] };
}
