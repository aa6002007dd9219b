import i18n, { type i18n as I18n } from 'i18next';

/**
 * The screens that word some codes their own way: `errors.<screen>.<CODE>` in the catalogues, e.g. NOT_FOUND on
 * the sticker-link page means "this photo no longer exists", not "we could not find that". A screen also keeps
 * its own client-side codes there (the print route's MISSING_TOKEN, the login form's emailRequired).
 */
export type ErrorScreen =
  'checkout' | 'stickerLink' | 'structure' | 'review' | 'render' | 'auth' | 'wizard' | 'upload';

/**
 * The catalogue key of a code's text: the screen's own wording if it has one, else the code's one text
 * (`errors.codes.<CODE>`, one for every code of packages/api errors.ts), else undefined.
 */
export function errorTextKey(code: string, screen?: ErrorScreen, language: I18n = i18n): string | undefined {
  if (screen && language.exists(`errors.${screen}.${code}`)) return `errors.${screen}.${code}`;
  if (language.exists(`errors.codes.${code}`)) return `errors.codes.${code}`;
  return undefined;
}

/** Translated text for an error code, or the generic "something went wrong" for a code with no text. */
export function errorText(
  code: string,
  {
    screen,
    language = i18n,
    values,
  }: { screen?: ErrorScreen; language?: I18n; values?: Record<string, unknown> } = {},
): string {
  const key = errorTextKey(code, screen, language);
  return key ? language.t(key, values) : language.t('errors.generic');
}
