import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DIMMED_TEXT,
  PAGE_BACKGROUND,
  readablePalette,
  SOURCE_PALETTES,
  theme,
} from './theme.ts';

describe('theme contrast (WCAG 2.1 AA)', () => {
  it('puts white text on the primary colour at 4.5:1 or more', () => {
    const primary = theme.colors!.coral![6];
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('draws dimmed text on the cream page at 4.5:1 or more', () => {
    expect(contrastRatio(DIMMED_TEXT, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark'))(
    'makes %s text readable on the page and on its own light tint',
    (name) => {
      const shades = theme.colors![name]!;
      for (const shade of shades.slice(6)) {
        expect(contrastRatio(shade, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(shade, shades[1])).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});

describe('the written-out palettes', () => {
  it.each(Object.keys(SOURCE_PALETTES))('holds readablePalette(%s)', (name) => {
    const computed = readablePalette(SOURCE_PALETTES[name]);
    expect(
      theme.colors![name],
      `theme.ts palettes: ${name}: [${computed.map((c) => `'${c}'`).join(', ')}],`,
    ).toEqual(computed);
  });
});
