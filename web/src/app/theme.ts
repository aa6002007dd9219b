import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A warm coral primary with a sunny accent: friendly for wedding couples and football clubs alike.
const coral: MantineColorsTuple = [
  '#fff1eb',
  '#ffe1d5',
  '#fcc0a9',
  '#f99d7a',
  '#f67f52',
  '#f46c39',
  '#f0622b',
  '#d5511f',
  '#be4719',
  '#a63a10',
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

const systemRounded =
  'ui-rounded, "SF Pro Rounded", "Nunito", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'coral',
  primaryShade: 6,
  colors: { coral, sun },
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
  },
});
