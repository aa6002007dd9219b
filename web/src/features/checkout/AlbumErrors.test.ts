import { pageBoxLabel, spreadsInOrder } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { BACK, CONTENT, blankDoc } from '../../editor/test-support.ts';
import { groupProblems } from '../editor-shell/problemGroups.ts';
import { checkoutProblems, editorLinkFor } from './AlbumErrors.tsx';
import type { PreflightEntry } from './api.ts';

const message = 'Ein Stickerfeld ist noch leer.';

describe("the checkout's album problems", () => {
  it('names the page of each server entry as the page box does and groups them by kind', () => {
    const doc = blankDoc();
    const count = spreadsInOrder(doc).length;
    const errors: PreflightEntry[] = [
      { code: 'EMPTY_STICKER_CELL', message, spread_id: CONTENT, element_id: 'a' },
      { code: 'EMPTY_STICKER_CELL', message, spread_id: CONTENT, element_id: 'b' },
      { code: 'EMPTY_STICKER_CELL', message, spread_id: BACK, element_id: 'c' },
    ];
    const [group, ...rest] = groupProblems(checkoutProblems(errors, doc));
    expect(rest).toEqual([]);
    expect(group!.count).toBe(3);
    expect(group!.places.map((place) => [place.pages, place.count])).toEqual([
      [pageBoxLabel(1, count), 2],
      [pageBoxLabel(2, count), 1],
    ]);
    expect(editorLinkFor('album-1', { spread_id: group!.places[0]!.spreadId })).toBe(
      `/album/album-1/stickers?spread=${CONTENT}`,
    );
  });

  it('still links each place to its spread before the album has loaded', () => {
    const errors: PreflightEntry[] = [{ code: 'EMPTY_STICKER_CELL', message, spread_id: CONTENT }];
    const [group] = groupProblems(checkoutProblems(errors, undefined));
    expect(group!.places[0]).toMatchObject({ spreadId: CONTENT, pages: undefined });
  });
});
