/**
 * The server's languages, listed once: the UI languages of SPEC §1, which are also the languages of every mail,
 * label and document the server writes (format.ts formats numbers, money and dates for them). A text table of a
 * mail or document is a `Translations<…>`, so a sixth language is a type error in each table until it is written.
 */
import type { FastifyRequest } from 'fastify';
import { LANGUAGES } from '@stickerbook/model';

export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];

/** One text (or set of texts) per language. */
export type Translations<Text> = Record<Language, Text>;

/** The region each language formats numbers, money and dates for (Intl locales). */
const LOCALES: Translations<string> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  it: 'it-IT',
  pl: 'pl-PL',
};

export function localeOf(language: Language): string {
  return LOCALES[language];
}

export function preferredLanguage(acceptLanguage: string | undefined): Language | null {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  }
  return null;
}

/** The request's language (Accept-Language), English when it names none of ours (SPEC §1). */
export function requestLanguage(request: FastifyRequest): Language {
  return preferredLanguage(request.headers['accept-language']) ?? 'en';
}

/** A stored language or locale ("de", "de-AT", an account's locale) as one of ours, or undefined. */
export function knownLanguage(value: string | null | undefined): Language | undefined {
  const code = value?.slice(0, 2).toLowerCase() ?? '';
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : undefined;
}

/** A stored language or locale as one of ours; English when there is none or it is not ours. */
export function languageOf(value: string | null | undefined): Language {
  return knownLanguage(value) ?? 'en';
}

/** An admin-edited text in the wanted language, else English, else German, else any. */
export function translated(text: Partial<Record<string, string>>, language: Language): string {
  return text[language] ?? text.en ?? text.de ?? Object.values(text)[0] ?? '';
}
