import { describe, expect, it } from 'vitest';
import type { RichText } from '@stickerbook/model';
import { hasStyle, setBlockProp, setStyleValue, styleValue, toggleStyle } from './textStyles.ts';

const text: RichText = {
  blocks: [
    {
      spans: [
        { text: 'Hello ', styles: ['BOLD', 'SIZE-11'] },
        { text: 'world', styles: ['SIZE-11'] },
      ],
    },
    { lineHeight: 150, spans: [{ text: 'Second', styles: [] }] },
  ],
};

describe('whole-text formatting from the toolbar', () => {
  it('makes every span bold when only some are, and removes bold when all are', () => {
    const bold = toggleStyle(text, 'BOLD');
    expect(hasStyle(bold, 'BOLD')).toBe(true);
    expect(
      bold.blocks.flatMap((b) => b.spans).every((s) => s.styles.filter((x) => x === 'BOLD').length === 1),
    ).toBe(true);
    expect(hasStyle(toggleStyle(bold, 'BOLD'), 'BOLD')).toBe(false);
  });

  it('replaces a size on every span instead of adding a second one', () => {
    const sized = setStyleValue(text, 'SIZE', 24);
    expect(
      sized.blocks.flatMap((b) => b.spans).map((s) => s.styles.filter((x) => x.startsWith('SIZE-'))),
    ).toEqual([['SIZE-24'], ['SIZE-24'], ['SIZE-24']]);
    expect(styleValue(sized, 'SIZE')).toBe('24');
  });

  it('sets line height and alignment on every paragraph', () => {
    const aligned = setBlockProp(setBlockProp(text, 'align', 'center'), 'lineHeight', 200);
    expect(aligned.blocks.map((b) => [b.align, b.lineHeight])).toEqual([
      ['center', 200],
      ['center', 200],
    ]);
  });

  it('formats an empty text by giving it one empty span', () => {
    expect(toggleStyle({ blocks: [] }, 'ITALIC').blocks[0].spans[0].styles).toEqual(['ITALIC']);
  });
});
