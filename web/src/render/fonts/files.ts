import type { FontFamily } from './catalogue.ts';

/*
 * The WOFF2 files of the catalogue's weights and styles, as URLs Vite serves in development and emits
 * into the build. The glob reaches the workspace root's node_modules, where npm hoists @fontsource.
 */
const URLS = import.meta.glob(
  '../../../../node_modules/@fontsource/*/files/*-{latin,latin-ext}-{400,700}-{normal,italic}.woff2',
  {
    query: '?url',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

const byFileName = new Map(
  Object.entries(URLS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

export function fontFileUrl(
  font: FontFamily,
  subset: 'latin' | 'latin-ext',
  weight: 400 | 700,
  style: 'normal' | 'italic',
): string | undefined {
  return byFileName.get(`${font.id}-${subset}-${weight}-${style}.woff2`);
}
