/**
 * Helpers for this package's tests (not exported from the package): a small album with known ids, and `run`,
 * which applies a change and checks on the way that the result keeps every invariant and that the inverse
 * restores the exact original.
 */
import { expect } from 'vitest';
import type { AlbumDocument } from '../document.ts';
import { createBlankAlbum } from '../blank-album.ts';
import { sequentialIds } from '../ids.ts';
import type { Change } from '../operations/shared.ts';
import { applyPatches, invertPatches } from '../patches.ts';
import { checkInvariants } from '../tree.ts';

/**
 * root
 * ├─ cover (static)  > coverSpread
 * ├─ s1 'Section 1'  > p1
 * └─ back (static)   > backSpread
 */
export function smallAlbum(): AlbumDocument {
  const names = ['cover', 'coverSpread', 's1', 'p1', 'back', 'backSpread'];
  let i = 0;
  return createBlankAlbum({ newId: () => names[i++] });
}

export const ids = (prefix = 'x') => sequentialIds(prefix);

export function run(doc: AlbumDocument, change: Change | { patches: Change['patches'] }): AlbumDocument {
  const next = applyPatches(doc, change.patches);
  expect(checkInvariants(next)).toEqual([]);
  const restored = applyPatches(next, invertPatches(doc, change.patches));
  expect(restored).toStrictEqual(doc);
  return next;
}

/** Adds a rectangle straight into the document (test setup, not an operation under test). */
export function withNode(
  doc: AlbumDocument,
  id: string,
  type: AlbumDocument['nodes'][string]['type'],
  parentId: string,
  index: string,
  props: Record<string, unknown> = { x: 0, y: 0, width: 10, height: 10 },
): AlbumDocument {
  return applyPatches(doc, [
    { op: 'add', path: `/nodes/${id}`, value: { id, type, parentId, index, props } },
  ]);
}
