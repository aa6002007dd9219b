import type { Language } from '../../i18n/languages.ts';

/** Who makes a staff change, as the timeline records it, and the language refusals are answered in. */
export interface Actor {
  id: string;
  email: string;
  language: Language;
}
