import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './locales/en.ts';
import { currentLanguage, LANGUAGES } from './languages.ts';

/**
 * Each language is its own small chunk, loaded when needed: the start page ships one catalogue, not five.
 * Switching language loads the next one in a few milliseconds.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const lng = currentLanguage(language);
    import(`./locales/${lng}.ts`)
      .then((module: Record<string, Catalogue>) => callback(null, module[lng]))
      .catch((error: Error) => callback(error, false));
  },
};

/** Resolves once the first catalogue is in (or failed to load: the app then shows the keys). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyCatalogues)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: 'stickerbook.language',
      caches: ['localStorage'],
    },
    react: { useSuspense: true },
  })
  .catch(() => undefined);

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = currentLanguage(lng);
});

export default i18n;
