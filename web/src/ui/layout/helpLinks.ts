import type { Language } from '../../i18n/languages.ts';

/** SPEC §2: help links by language. German and English have their own help centre; others use English. */
const HELP_CENTRE: Record<Language, string> = {
  de: 'https://help.stickerbook.app/de',
  en: 'https://help.stickerbook.app/en',
  fr: 'https://help.stickerbook.app/fr',
  it: 'https://help.stickerbook.app/it',
  pl: 'https://help.stickerbook.app/pl',
};

export const CONTACT_EMAIL = 'hello@stickerbook.app';

export function helpCentreUrl(lng: Language): string {
  return HELP_CENTRE[lng];
}
