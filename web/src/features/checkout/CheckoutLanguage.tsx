import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { fixedLanguageI18n } from '../../i18n/index.ts';
import type { Language } from '../../i18n/languages.ts';

/**
 * Everything inside speaks `language` (the album's), whatever the UI language is: every `useTranslation` below reads
 * this instance. The catalogue may still be loading (another language than the UI's): `fallback` shows until then.
 */
export function CheckoutLanguage({
  language,
  fallback,
  children,
}: {
  language: Language;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={fixedLanguageI18n(language)}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </I18nextProvider>
  );
}
