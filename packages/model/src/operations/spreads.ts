/**
 * Spread actions from a spread's meta bar (SPEC §4): add before/after, move up/down within the section,
 * duplicate, delete. `spreadActionBlocker` answers why an action is not allowed (for disabling buttons with a
 * reason); the operations throw a ModelError with that same code.
 *
 * Forbidden cases:
 * - every action on a spread of a static section (covers): SECTION_STATIC
 * - move up the first spread of its section: SPREAD_IS_FIRST; move down the last: SPREAD_IS_LAST
 * - delete when the album has only one spread: SPREAD_ONLY_ONE_LEFT
 * - delete the album's last spread (the last page): SPREAD_IS_LAST_PAGE
 * - delete the only spread of its section: SECTION_HAS_ONE_SPREAD
 */
import type { AlbumDocument, DocNode } from '../document.ts';
import type { ModelErrorCode } from '../errors.ts';
import { createId, type IdFactory } from '../ids.ts';
import { indexPath, nodePath, type Patch } from '../patches.ts';
import { childrenOf, getNode, isStaticSection, sectionsInOrder, spreadsInOrder } from '../tree.ts';
import {
  addTreePatches,
  fail,
  keysAfter,
  keysAtEnd,
  keysBefore,
  removeSubtreePatches,
  requireSection,
  requireSpread,
  toElementTree,
  withoutStickers,
  type Change,
} from './shared.ts';

export const SPREAD_ACTIONS = ['addBefore', 'addAfter', 'moveUp', 'moveDown', 'duplicate', 'delete'] as const;
export type SpreadAction = (typeof SPREAD_ACTIONS)[number];

/** Why `action` is not allowed on the spread, or null when it is. */
export function spreadActionBlocker(
  doc: AlbumDocument,
  spreadId: string,
  action: SpreadAction,
): ModelErrorCode | null {
  const spread = getNode(doc, spreadId);
  if (spread?.type !== 'Spread') return 'SPREAD_NOT_FOUND';
  const section = getNode(doc, spread.parentId!);
  if (isStaticSection(section)) return 'SECTION_STATIC';
  const siblings = childrenOf(doc, spread.parentId!).filter((node) => node.type === 'Spread');
  const position = siblings.findIndex((node) => node.id === spreadId);
  switch (action) {
    case 'moveUp':
      return position === 0 ? 'SPREAD_IS_FIRST' : null;
    case 'moveDown':
      return position === siblings.length - 1 ? 'SPREAD_IS_LAST' : null;
    case 'delete': {
      const all = spreadsInOrder(doc);
      if (all.length <= 1) return 'SPREAD_ONLY_ONE_LEFT';
      if (all.at(-1)?.id === spreadId) return 'SPREAD_IS_LAST_PAGE';
      if (siblings.length <= 1) return 'SECTION_HAS_ONE_SPREAD';
      return null;
    }
    default:
      return null;
  }
}

/** Every action with its blocker (null: allowed), for a spread's meta bar. */
export function spreadActions(
  doc: AlbumDocument,
  spreadId: string,
): Record<SpreadAction, ModelErrorCode | null> {
  return Object.fromEntries(
    SPREAD_ACTIONS.map((action) => [action, spreadActionBlocker(doc, spreadId, action)]),
  ) as Record<SpreadAction, ModelErrorCode | null>;
}

function ensureAllowed(doc: AlbumDocument, spreadId: string, action: SpreadAction): DocNode {
  const blocker = spreadActionBlocker(doc, spreadId, action);
  if (blocker) fail(blocker, `${action} is not allowed on spread ${spreadId}`);
  return requireSpread(doc, spreadId);
}

function newSpread(id: string, sectionId: string, index: string, props: Record<string, unknown>): DocNode {
  return { id, type: 'Spread', parentId: sectionId, index, props };
}

/** Adds an empty spread before or after a spread of the same section. */
export function addSpread(
  doc: AlbumDocument,
  spreadId: string,
  where: 'before' | 'after',
  newId: IdFactory = createId,
  props: Record<string, unknown> = {},
): Change {
  const spread = ensureAllowed(doc, spreadId, where === 'before' ? 'addBefore' : 'addAfter');
  const [index] = where === 'before' ? keysBefore(doc, spread, 1) : keysAfter(doc, spread, 1);
  const id = newId();
  return {
    patches: [{ op: 'add', path: nodePath(id), value: newSpread(id, spread.parentId!, index, props) }],
    selection: [id],
  };
}

/**
 * Adds an empty spread at the end of a section (default: the last non-static section). SPEC §5: a section must
 * exist before adding a spread.
 */
export function appendSpread(
  doc: AlbumDocument,
  sectionId?: string,
  newId: IdFactory = createId,
  props: Record<string, unknown> = {},
): Change {
  const targetId = sectionId ?? sectionsInOrder(doc).findLast((section) => !isStaticSection(section))?.id;
  if (targetId === undefined) fail('NO_EDITABLE_SECTION', 'create a section before adding spreads');
  const section = requireSection(doc, targetId);
  if (isStaticSection(section)) fail('SECTION_STATIC');
  const [index] = keysAtEnd(doc, targetId, 1);
  const id = newId();
  return {
    patches: [{ op: 'add', path: nodePath(id), value: newSpread(id, targetId, index, props) }],
    selection: [id],
  };
}

/** Moves a spread one place up or down within its section (swaps order keys with the neighbour). */
export function moveSpread(doc: AlbumDocument, spreadId: string, direction: 'up' | 'down'): Change {
  const spread = ensureAllowed(doc, spreadId, direction === 'up' ? 'moveUp' : 'moveDown');
  const siblings = childrenOf(doc, spread.parentId!).filter((node) => node.type === 'Spread');
  const position = siblings.findIndex((node) => node.id === spreadId);
  const neighbour = siblings[direction === 'up' ? position - 1 : position + 1];
  const patches: Patch[] =
    neighbour.index === spread.index
      ? // Equal keys (concurrent inserts) cannot be swapped; give the spread a key on the far side instead.
        [
          {
            op: 'replace',
            path: indexPath(spreadId),
            value: (direction === 'up' ? keysBefore(doc, neighbour, 1) : keysAfter(doc, neighbour, 1))[0],
          },
        ]
      : [
          { op: 'replace', path: indexPath(spreadId), value: neighbour.index },
          { op: 'replace', path: indexPath(neighbour.id), value: spread.index },
        ];
  return { patches, selection: [spreadId] };
}

/** Duplicates a spread with all its elements (fresh ids) right after it; copied sticker cells are empty. */
export function duplicateSpread(doc: AlbumDocument, spreadId: string, newId: IdFactory = createId): Change {
  const spread = ensureAllowed(doc, spreadId, 'duplicate');
  const [index] = keysAfter(doc, spread, 1);
  const id = newId();
  const patches: Patch[] = [
    { op: 'add', path: nodePath(id), value: newSpread(id, spread.parentId!, index, { ...spread.props }) },
  ];
  const children = childrenOf(doc, spreadId);
  const trees = children.map((child) => withoutStickers(toElementTree(doc, child)));
  patches.push(
    ...addTreePatches(
      id,
      trees,
      children.map((child) => child.index),
      newId,
    ).patches,
  );
  return { patches, selection: [id] };
}

/** Deletes a spread and its elements; stickers in its cells become unplaced. Confirmation is the UI's job. */
export function deleteSpread(doc: AlbumDocument, spreadId: string): Change {
  ensureAllowed(doc, spreadId, 'delete');
  return { patches: removeSubtreePatches(doc, [spreadId]), selection: [] };
}
