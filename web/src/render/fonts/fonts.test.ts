import { describe, expect, it } from 'vitest';
import { FONT_CATALOGUE, findFont, fontStack } from './catalogue.ts';
import { fontFileUrl } from './files.ts';
import { catalogueFonts, fontFaceCss } from './fontFaces.ts';
import { fontFamiliesOf } from './usedFonts.ts';

const SEED_FAMILIES = [
  'Playfair Display',
  'Montserrat',
  'Lato',
  'Oswald',
  'Poppins',
  'Nunito',
  'Merriweather',
  'Raleway',
  'Roboto Slab',
  'Pacifico',
];

describe('font catalogue', () => {
  it('has 50 families including every family the seed blueprints use', () => {
    expect(FONT_CATALOGUE).toHaveLength(50);
    for (const family of SEED_FAMILIES) expect(findFont(family), family).toBeDefined();
  });
  it('has a WOFF2 file for weights 400 and 700 of every family (Pacifico exists in 400 only)', () => {
    for (const font of FONT_CATALOGUE) {
      expect(font.weights).toEqual(font.id === 'pacifico' ? [400] : [400, 700]);
      for (const weight of font.weights)
        expect(fontFileUrl(font, 'latin', weight, 'normal'), `${font.id} ${weight}`).toMatch(/\.woff2/);
    }
  });
  it('writes @font-face rules with latin-ext ranges for Polish', () => {
    const css = fontFaceCss(findFont('Lato')!);
    expect(css.match(/@font-face/g)).toHaveLength(8);
    expect(css).toContain("font-family:'Lato';font-style:italic;font-weight:700");
    expect(css).toContain('U+0100-02BA');
  });
  it('falls back to the family category', () => {
    expect(fontStack('Merriweather')).toBe("'Merriweather', serif");
    expect(fontStack('Custom Brand')).toBe("'Custom Brand', sans-serif");
  });
});

describe('fontFamiliesOf', () => {
  it('collects the album roles and every FONT- style, skipping unknown families for loading', () => {
    const nodes = [
      {
        id: 't',
        type: 'Text' as const,
        parentId: 's',
        index: 'a0',
        props: { text: { blocks: [{ spans: [{ text: 'x', styles: ['FONT-Oswald', 'FONT-title'] }] }] } },
      },
    ];
    const families = fontFamiliesOf(nodes, {
      title: 'Pacifico',
      sub_title: 'Montserrat',
      paragraph: 'My Font',
    });
    expect(families).toEqual(['Montserrat', 'My Font', 'Oswald', 'Pacifico']);
    expect(catalogueFonts(families).map((f) => f.id)).toEqual(['montserrat', 'oswald', 'pacifico']);
  });
});
