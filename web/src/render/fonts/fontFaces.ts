import { findFont, type FontFamily } from './catalogue.ts';
import { fontFileUrl } from './files.ts';

// Google Fonts' subset ranges (as in each @fontsource package's unicode.json): the browser fetches
// latin-ext only for text that needs it (Polish, Czech, Romanian...).
const UNICODE_RANGES = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
} as const;

/** The @font-face rules of one catalogue family (every subset, weight and style it has). */
export function fontFaceCss(font: FontFamily): string {
  const rules: string[] = [];
  const styles = font.italic ? (['normal', 'italic'] as const) : (['normal'] as const);
  for (const subset of font.subsets) {
    for (const weight of font.weights) {
      for (const style of styles) {
        const url = fontFileUrl(font, subset, weight, style);
        if (!url) continue;
        rules.push(
          `@font-face{font-family:'${font.family}';font-style:${style};font-weight:${weight};font-display:swap;` +
            `src:url(${JSON.stringify(url)}) format('woff2');unicode-range:${UNICODE_RANGES[subset]};}`,
        );
      }
    }
  }
  return rules.join('\n');
}

/** Catalogue entries for the given family names; unknown names (custom fonts) are skipped. */
export function catalogueFonts(families: Iterable<string>): FontFamily[] {
  const found = new Map<string, FontFamily>();
  for (const name of families) {
    const font = findFont(name);
    if (font) found.set(font.id, font);
  }
  return [...found.values()];
}
