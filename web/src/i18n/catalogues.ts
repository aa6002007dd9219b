import { de } from './locales/de.ts';
import { en, type Catalogue } from './locales/en.ts';
import { fr } from './locales/fr.ts';
import { it } from './locales/it.ts';
import { pl } from './locales/pl.ts';
import type { Language } from './languages.ts';

export { LANGUAGES } from './languages.ts';

/** All catalogues at once, for tests and tools. The app loads only the languages it needs (see index.ts). */
export const catalogues: Record<Language, Catalogue> = { de, en, fr, it, pl };
