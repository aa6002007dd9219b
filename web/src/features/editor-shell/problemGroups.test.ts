import { albumPreflight, pageBoxLabel, spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BACK, CONTENT, blankDoc, makeEditor, withElements } from '../../editor/test-support.ts';
import { emptyStickerCellIds, mergePreflight, removeEmptyStickerCells } from './albumPreflight.ts';
import { groupProblems, type Problem } from './problemGroups.ts';

const t = ((key: string) => key) as unknown as TFunction;
const cell = (id: string, parent = CONTENT) => ({
  id,
  parent,
  type: 'StickerCell',
  x: 20,
  y: 20,
  width: 40,
  height: 55,
});

/** A blank album with empty sticker cells: three on the content spread, one on the back. */
function albumWithEmptyCells(): AlbumDocument {
  return withElements(blankDoc(), [cell('c1'), cell('c2'), cell('c3'), cell('c4', BACK)]);
}

function topBarGroups(doc: AlbumDocument) {
  return groupProblems(mergePreflight(doc, albumPreflight(doc, new Map()), [], t));
}

describe('groupProblems', () => {
  it('turns many identical empty cells into one group with their count and one place per spread', () => {
    const doc = albumWithEmptyCells();
    const groups = topBarGroups(doc);
    expect(groups).toHaveLength(1);
    const [group] = groups;
    expect(group).toMatchObject({ code: 'EMPTY_STICKER_CELL', severity: 'error', count: 4 });
    const spreads = spreadsInOrder(doc);
    expect(group!.places.map((place) => [place.pages, place.count, place.spreadId])).toEqual([
      [pageBoxLabel(1, spreads.length), 3, CONTENT],
      [pageBoxLabel(2, spreads.length), 1, BACK],
    ]);
    // The jump selects the spread's first empty cell.
    expect(group!.places[0]!.elementId).toBe('c1');
  });

  it('puts errors before warnings and keeps each kind in the order it first appears', () => {
    const problems: Problem[] = [
      { code: 'IMAGE_LOW_RESOLUTION', severity: 'warning', spreadId: 's1', pages: '2-3' },
      { code: 'EMPTY_STICKER_CELL', severity: 'error', spreadId: 's2', pages: '4-5' },
      { code: 'STICKER_WITHOUT_NAME', severity: 'error', spreadId: 's1', pages: '2-3' },
      { code: 'EMPTY_STICKER_CELL', severity: 'error', spreadId: 's1', pages: '2-3' },
      { code: 'EMPTY_STICKER_CELL', severity: 'error', spreadId: 's2', pages: '4-5' },
    ];
    const groups = groupProblems(problems);
    expect(groups.map((group) => [group.code, group.count])).toEqual([
      ['EMPTY_STICKER_CELL', 3],
      ['STICKER_WITHOUT_NAME', 1],
      ['IMAGE_LOW_RESOLUTION', 1],
    ]);
    expect(groups[0]!.places.map((place) => `${place.pages}×${place.count}`)).toEqual(['4-5×2', '2-3×1']);
  });

  it('gives each problem without a spread (an empty chapter) its own named place', () => {
    const groups = groupProblems([
      { code: 'EMPTY_SECTION', severity: 'error', name: 'Gäste' },
      { code: 'EMPTY_SECTION', severity: 'error', name: 'Party' },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(2);
    expect(groups[0]!.places.map((place) => place.name)).toEqual(['Gäste', 'Party']);
  });

  it('makes a kind an error when any of its entries is one', () => {
    const groups = groupProblems([
      { code: 'IMAGE_RESOLUTION_TOO_LOW', severity: 'warning', spreadId: 's1' },
      { code: 'IMAGE_RESOLUTION_TOO_LOW', severity: 'error', spreadId: 's2' },
    ]);
    expect(groups[0]!.severity).toBe('error');
  });
});

describe('removeEmptyStickerCells', () => {
  it('removes every empty cell as one history entry that one undo brings back', () => {
    const doc = albumWithEmptyCells();
    const { editor } = makeEditor(doc);
    expect(emptyStickerCellIds(editor.doc)).toEqual(['c1', 'c2', 'c3', 'c4']);

    expect(removeEmptyStickerCells(editor)).toBe(true);
    expect(['c1', 'c2', 'c3', 'c4'].filter((id) => editor.doc.nodes[id])).toEqual([]);
    expect(topBarGroups(editor.doc)).toEqual([]);

    expect(editor.undo()).toBe(true);
    expect(editor.doc).toStrictEqual(doc);
    expect(topBarGroups(editor.doc)[0]!.count).toBe(4);
  });

  it('changes nothing when no cell is empty', () => {
    const { editor } = makeEditor(blankDoc());
    expect(removeEmptyStickerCells(editor)).toBe(false);
    expect(editor.canUndo()).toBe(false);
  });
});
