import type { LANGUAGES as MODEL_LANGUAGES } from '@stickerbook/model';

// The languages of SPEC §1, as the model lists them (a type check only: the start page's bundle stays free of the
// model's code).
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'pl'] as const satisfies typeof MODEL_LANGUAGES;
export type Language = (typeof LANGUAGES)[number];

/** Where the visitor's chosen language is kept in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'stickerbook.language';

/** Each language is named in itself, so people find theirs whatever the current UI language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  pl: 'Polski',
};

export function currentLanguage(lng: string | undefined): Language {
  const short = (lng ?? 'en').slice(0, 2) as Language;
  return LANGUAGES.includes(short) ? short : 'en';
}
