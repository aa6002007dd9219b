import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
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

const STORAGE_KEY = 'stickerbook.language';

/**
 * The visitor's language: the one chosen before (kept in localStorage), else the browser's preferences in order.
 * i18next picks the first supported one (`de-AT` counts as `de`). A few lines instead of a detector library in
 * the start page's bundle.
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const preferred: string[] = [];
    try {
      const stored = localStorage.getItem(STORAGE_KEY);
      if (stored) preferred.push(stored);
    } catch {
      // Storage blocked (privacy mode): the browser's languages decide.
    }
    preferred.push(...(navigator.languages ?? []));
    if (navigator.language) preferred.push(navigator.language);
    return preferred;
  },
  cacheUserLanguage(lng) {
    try {
      localStorage.setItem(STORAGE_KEY, lng);
    } catch {
      // Not remembered; detected again next time.
    }
  },
};

/** Resolves once the first catalogue is in (or failed to load: the app then shows the keys). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyCatalogues)
  .use(detector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  })
  .catch(() => undefined);

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = currentLanguage(lng);
});

export default i18n;
