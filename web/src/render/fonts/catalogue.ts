/**
 * The 50 font families of SPEC §9 (weights 400 and 700), served from @fontsource npm packages: Vite
 * turns each file into a URL of the built app, so fonts never come from a CDN. @fontsource ships
 * WOFF2/WOFF only (no TTF); Pacifico has no 700 (browsers synthesise its bold).
 */
type FontCategory = 'serif' | 'sans-serif' | 'cursive' | 'monospace';

export interface FontFamily {
  family: string;
  /** The @fontsource package name, e.g. 'playfair-display'. */
  id: string;
  category: FontCategory;
  weights: Array<400 | 700>;
  italic: boolean;
  subsets: Array<'latin' | 'latin-ext'>;
}

type Row = [string, string, FontCategory, Array<400 | 700>, boolean, boolean];
// [family, package, generic fallback, weights, has italic, has latin-ext (needed for Polish)]
const ROWS: Row[] = [
  ['Amatic SC', 'amatic-sc', 'cursive', [400, 700], false, true],
  ['Archivo', 'archivo', 'sans-serif', [400, 700], true, true],
  ['Arvo', 'arvo', 'serif', [400, 700], true, false],
  ['Asap', 'asap', 'sans-serif', [400, 700], true, true],
  ['Barlow', 'barlow', 'sans-serif', [400, 700], true, true],
  ['Bitter', 'bitter', 'serif', [400, 700], true, true],
  ['Cabin', 'cabin', 'sans-serif', [400, 700], true, true],
  ['Caveat', 'caveat', 'cursive', [400, 700], false, true],
  ['Cinzel', 'cinzel', 'serif', [400, 700], false, true],
  ['Comfortaa', 'comfortaa', 'sans-serif', [400, 700], false, true],
  ['Cormorant Garamond', 'cormorant-garamond', 'serif', [400, 700], true, true],
  ['Courier Prime', 'courier-prime', 'monospace', [400, 700], true, true],
  ['Crimson Text', 'crimson-text', 'serif', [400, 700], true, true],
  ['Dancing Script', 'dancing-script', 'cursive', [400, 700], false, true],
  ['DM Sans', 'dm-sans', 'sans-serif', [400, 700], true, true],
  ['EB Garamond', 'eb-garamond', 'serif', [400, 700], true, true],
  ['Exo 2', 'exo-2', 'sans-serif', [400, 700], true, true],
  ['Fira Sans', 'fira-sans', 'sans-serif', [400, 700], true, true],
  ['Heebo', 'heebo', 'sans-serif', [400, 700], false, true],
  ['Inter', 'inter', 'sans-serif', [400, 700], true, true],
  ['Josefin Sans', 'josefin-sans', 'sans-serif', [400, 700], true, true],
  ['Kanit', 'kanit', 'sans-serif', [400, 700], true, true],
  ['Karla', 'karla', 'sans-serif', [400, 700], true, true],
  ['Lato', 'lato', 'sans-serif', [400, 700], true, true],
  ['Libre Baskerville', 'libre-baskerville', 'serif', [400, 700], true, true],
  ['Libre Franklin', 'libre-franklin', 'sans-serif', [400, 700], true, true],
  ['Lora', 'lora', 'serif', [400, 700], true, true],
  ['Manrope', 'manrope', 'sans-serif', [400, 700], false, true],
  ['Merriweather', 'merriweather', 'serif', [400, 700], true, true],
  ['Montserrat', 'montserrat', 'sans-serif', [400, 700], true, true],
  ['Mulish', 'mulish', 'sans-serif', [400, 700], true, true],
  ['Nunito', 'nunito', 'sans-serif', [400, 700], true, true],
  ['Open Sans', 'open-sans', 'sans-serif', [400, 700], true, true],
  ['Oswald', 'oswald', 'sans-serif', [400, 700], false, true],
  ['Pacifico', 'pacifico', 'cursive', [400], false, true],
  ['Playfair Display', 'playfair-display', 'serif', [400, 700], true, true],
  ['Poppins', 'poppins', 'sans-serif', [400, 700], true, true],
  ['PT Sans', 'pt-sans', 'sans-serif', [400, 700], true, true],
  ['PT Serif', 'pt-serif', 'serif', [400, 700], true, true],
  ['Quicksand', 'quicksand', 'sans-serif', [400, 700], false, true],
  ['Raleway', 'raleway', 'sans-serif', [400, 700], true, true],
  ['Roboto', 'roboto', 'sans-serif', [400, 700], true, true],
  ['Roboto Slab', 'roboto-slab', 'serif', [400, 700], false, true],
  ['Rubik', 'rubik', 'sans-serif', [400, 700], true, true],
  ['Source Sans 3', 'source-sans-3', 'sans-serif', [400, 700], true, true],
  ['Space Grotesk', 'space-grotesk', 'sans-serif', [400, 700], false, true],
  ['Titillium Web', 'titillium-web', 'sans-serif', [400, 700], true, true],
  ['Ubuntu', 'ubuntu', 'sans-serif', [400, 700], true, true],
  ['Work Sans', 'work-sans', 'sans-serif', [400, 700], true, true],
  ['Zilla Slab', 'zilla-slab', 'serif', [400, 700], true, true],
];

export const FONT_CATALOGUE: readonly FontFamily[] = ROWS.map(
  ([family, id, category, weights, italic, ext]) => ({
    family,
    id,
    category,
    weights,
    italic,
    subsets: ext ? ['latin', 'latin-ext'] : ['latin'],
  }),
);

const byFamily = new Map(FONT_CATALOGUE.map((f) => [f.family.toLowerCase(), f]));

export function findFont(family: string): FontFamily | undefined {
  return byFamily.get(family.trim().toLowerCase());
}

/** A CSS font-family value with the family's generic fallback. */
export function fontStack(family: string): string {
  const generic = findFont(family)?.category ?? 'sans-serif';
  return `'${family.replace(/'/g, '')}', ${generic}`;
}
