import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * A warm coral primary with a sunny accent: friendly for wedding couples and football clubs alike. Shade 6 (the
 * filled buttons, links) is dark enough for white text at WCAG AA (5.2:1); the bright brand coral lives at 5.
 */
const coral: MantineColorsTuple = [
  '#fff1eb',
  '#ffe1d5',
  '#fcc0a9',
  '#f99d7a',
  '#f67f52',
  '#f0622b',
  '#c2410c',
  '#a8380a',
  '#8f2f08',
  '#762706',
];

const sun: MantineColorsTuple = [
  '#fff9e1',
  '#fff1cc',
  '#ffe29b',
  '#ffd166',
  '#ffc53a',
  '#ffbd1f',
  '#ffb90c',
  '#e3a200',
  '#ca8f00',
  '#af7b00',
];

/** The page background (global.css `--sb-page-bg`): every text colour is checked against it. */
export const PAGE_BACKGROUND = '#fff8f2';
/** Secondary text ("dimmed"): 6.2:1 on the page background; Mantine's grey is 3.2:1. */
export const DIMMED_TEXT = '#6b5b53';
/** WCAG 2.1 AA for normal text is 4.5:1; a little above, so a tinted "light" background still passes. */
const TEXT_CONTRAST = 4.9;

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in small steps until text in it reads on `background` at AA. */
function readableTextColor(color: string, background = PAGE_BACKGROUND): string {
  let shade = color;
  for (let step = 0; step < 20 && contrastRatio(shade, background) < TEXT_CONTRAST; step++) {
    shade = darken(color, (step + 1) * 0.05);
  }
  return shade;
}

/**
 * A palette whose shades 6 to 9 (text, links, filled buttons, `c="red.7"`) read at AA on the page and on the
 * palette's own light tint (shade 1: light badges, active navigation): Mantine's are 2.5-3.8:1 for most colours.
 */
function readablePalette(shades: readonly string[]): MantineColorsTuple {
  const tint = shades[1];
  const onTint = (color: string) => readableTextColor(readableTextColor(color, tint));
  return shades.map((shade, i) => (i >= 6 ? onTint(shade) : shade)) as unknown as MantineColorsTuple;
}

const palettes = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, coral, sun })
    .filter(([name]) => name !== 'dark')
    .map(([name, shades]) => [name, readablePalette(shades)]),
);

const systemRounded =
  'ui-rounded, "SF Pro Rounded", "Nunito", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'coral',
  primaryShade: 6,
  colors: palettes,
  // Filled buttons and badges pick black or white text by the background's luminance. 0.18 is where white
  // and black both reach 4.5:1; Mantine's 0.3 would put white on bright blue and green (3.2-3.6:1).
  autoContrast: true,
  luminanceThreshold: 0.18,
  fontFamily: systemRounded,
  headings: { fontFamily: systemRounded, fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: {
      defaultProps: { radius: 'lg', centered: true },
      styles: { title: { fontWeight: 800, fontSize: 18 } },
    },
    // A table wider than a phone scrolls sideways; keyboard users reach the hidden columns by focusing it
    // (WCAG 2.1.1, axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/** Secondary text and links, which Mantine draws in a grey and a blue that do not read on cream. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': DIMMED_TEXT,
    '--mantine-color-anchor': resolved.colors.coral[7],
  },
  dark: {},
});
