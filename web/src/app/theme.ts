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
export function readablePalette(shades: readonly string[]): MantineColorsTuple {
  const tint = shades[1];
  const onTint = (color: string) => readableTextColor(readableTextColor(color, tint));
  return shades.map((shade, i) => (i >= 6 ? onTint(shade) : shade)) as unknown as MantineColorsTuple;
}

/** The palettes `readablePalette` is applied to: Mantine's (without `dark`) and the brand's two. */
export const SOURCE_PALETTES: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, coral, sun }).filter(([name]) => name !== 'dark'),
);

/**
 * `readablePalette` of each of `SOURCE_PALETTES`, written out: computing them took about 15 ms of the first page
 * load's main thread (60 ms on a mid-range phone) before anything could render. theme.test.ts fails when a
 * palette here is not what `readablePalette` makes of its source, and prints the line to put here.
 */
const palettes: Record<string, MantineColorsTuple> = {
  gray: [
    '#f8f9fa',
    '#f1f3f5',
    '#e9ecef',
    '#dee2e6',
    '#ced4da',
    '#adb5bd',
    'rgba(94, 99, 105, 1)',
    '#495057',
    '#343a40',
    '#212529',
  ],
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    'rgba(175, 57, 57, 1)',
    'rgba(180, 47, 47, 1)',
    'rgba(179, 39, 39, 1)',
    'rgba(181, 38, 38, 1)',
  ],
  pink: [
    '#fff0f6',
    '#ffdeeb',
    '#fcc2d7',
    '#faa2c1',
    '#f783ac',
    '#f06595',
    'rgba(161, 51, 90, 1)',
    'rgba(171, 41, 86, 1)',
    'rgba(184, 35, 87, 1)',
    '#a61e4d',
  ],
  grape: [
    '#f8f0fc',
    '#f3d9fa',
    '#eebefa',
    '#e599f7',
    '#da77f2',
    '#cc5de8',
    'rgba(143, 56, 164, 1)',
    'rgba(139, 50, 161, 1)',
    'rgba(140, 49, 163, 1)',
    '#862e9c',
  ],
  violet: [
    '#f3f0ff',
    '#e5dbff',
    '#d0bfff',
    '#b197fc',
    '#9775fa',
    '#845ef7',
    'rgba(97, 64, 194, 1)',
    'rgba(101, 65, 209, 1)',
    'rgba(98, 62, 206, 1)',
    '#5f3dc4',
  ],
  indigo: [
    '#edf2ff',
    '#dbe4ff',
    '#bac8ff',
    '#91a7ff',
    '#748ffc',
    '#5c7cfa',
    'rgba(57, 83, 184, 1)',
    'rgba(56, 84, 200, 1)',
    'rgba(53, 82, 197, 1)',
    '#364fc7',
  ],
  blue: [
    '#e7f5ff',
    '#d0ebff',
    '#a5d8ff',
    '#74c0fc',
    '#4dabf7',
    '#339af0',
    'rgba(24, 97, 161, 1)',
    'rgba(21, 95, 161, 1)',
    'rgba(21, 96, 165, 1)',
    '#1864ab',
  ],
  cyan: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    'rgba(14, 110, 124, 1)',
    'rgba(11, 106, 121, 1)',
    'rgba(10, 106, 122, 1)',
    'rgba(10, 108, 126, 1)',
  ],
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    'rgba(11, 110, 80, 1)',
    'rgba(8, 116, 84, 1)',
    'rgba(7, 117, 83, 1)',
    'rgba(7, 114, 82, 1)',
  ],
  green: [
    '#ebfbee',
    '#d3f9d8',
    '#b2f2bb',
    '#8ce99a',
    '#69db7c',
    '#51cf66',
    'rgba(38, 115, 52, 1)',
    'rgba(36, 116, 50, 1)',
    'rgba(33, 111, 48, 1)',
    'rgba(37, 117, 53, 1)',
  ],
  lime: [
    '#f4fce3',
    '#e9fac8',
    '#d8f5a2',
    '#c0eb75',
    '#a9e34b',
    '#94d82d',
    'rgba(72, 111, 17, 1)',
    'rgba(70, 110, 13, 1)',
    'rgba(71, 118, 11, 1)',
    'rgba(69, 111, 10, 1)',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    'rgba(138, 97, 3, 1)',
    'rgba(135, 87, 0, 1)',
    'rgba(144, 84, 0, 1)',
    'rgba(161, 83, 0, 1)',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    'rgba(152, 76, 12, 1)',
    'rgba(161, 67, 5, 1)',
    'rgba(162, 62, 8, 1)',
    'rgba(174, 58, 12, 1)',
  ],
  coral: [
    '#fff1eb',
    '#ffe1d5',
    '#fcc0a9',
    '#f99d7a',
    '#f67f52',
    '#f0622b',
    'rgba(175, 59, 11, 1)',
    '#a8380a',
    '#8f2f08',
    '#762706',
  ],
  sun: [
    '#fff9e1',
    '#fff1cc',
    '#ffe29b',
    '#ffd166',
    '#ffc53a',
    '#ffbd1f',
    'rgba(128, 93, 6, 1)',
    'rgba(136, 97, 0, 1)',
    'rgba(131, 93, 0, 1)',
    'rgba(131, 92, 0, 1)',
  ],
};

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
