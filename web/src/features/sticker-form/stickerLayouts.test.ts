import type { StickerTemplate } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { STICKER_LAYOUTS, stickerLayoutChoices } from './stickerLayouts.ts';

const frame = (
  id: number,
  theme: StickerTemplate['theme'],
  variant: string,
  double: boolean,
): StickerTemplate => ({
  id,
  name: `${theme} ${variant}`,
  theme,
  variant,
  double,
  rootId: 'root',
  nodes: {},
});

const templates = Object.fromEntries(
  [
    frame(595, 'default', 'default', false),
    frame(596, 'default', 'full', false),
    frame(597, 'default', 'textless', false),
    frame(598, 'default', 'numberless', false),
    frame(599, 'default', 'default', true),
    frame(609, 'gold', 'default', false),
    frame(610, 'gold', 'textless', false),
  ].map((t) => [t.id, t]),
);

describe('stickerLayoutChoices', () => {
  it("offers the variants of the album's frame theme for the sticker's kind", () => {
    expect(stickerLayoutChoices(templates, 595, false, 'default')).toEqual([...STICKER_LAYOUTS]);
    expect(stickerLayoutChoices(templates, 609, false, 'default')).toEqual(['default', 'textless']);
    expect(stickerLayoutChoices(templates, 595, true, 'default')).toEqual(['default']);
  });

  it("keeps the sticker's current layout listed even where the theme lacks it", () => {
    expect(stickerLayoutChoices(templates, 609, false, 'numberless')).toEqual([
      'default',
      'textless',
      'numberless',
    ]);
  });

  it('offers every layout while the templates load', () => {
    expect(stickerLayoutChoices(undefined, 595, false, 'default')).toEqual([...STICKER_LAYOUTS]);
  });
});
