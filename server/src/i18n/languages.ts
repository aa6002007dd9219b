/** UI languages of SPEC §1; the first one the browser asks for wins. */
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export function preferredLanguage(acceptLanguage: string | undefined): Language | null {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  }
  return null;
}
