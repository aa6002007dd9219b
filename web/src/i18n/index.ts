import i18n, { type BackendModule, type i18n as I18n, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './locales/en.ts';
import { currentLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from './languages.ts';

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

const STORAGE_KEY = LANGUAGE_STORAGE_KEY;

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
    // i18next otherwise logs an advertisement to the console on every page load.
    showSupportNotice: false,
    // Detect the language and ask for its catalogue now, not in a later task: `i18n.language` is then set when
    // this module has run, and the first data requests need not wait for the catalogue (src/main.tsx).
    initAsync: false,
  })
  .catch(() => undefined);

const fixedInstances = new Map<Language, I18n>();

/**
 * An instance that speaks one language whatever the UI language is: the checkout speaks the album's language
 * (issue 22 item 11; the order, its mail and documents follow it too). Its own instance, not a clone of the app's,
 * so it neither moves the page's `lang` nor remembers its language as the visitor's choice. It shares the app's
 * catalogue modules: the same language costs no second download.
 */
export function fixedLanguageI18n(language: Language): I18n {
  let instance = fixedInstances.get(language);
  if (!instance) {
    instance = i18n.createInstance();
    // No initReactI18next: it would make this instance the default of every component outside its provider.
    void instance
      .use(lazyCatalogues)
      .init({
        lng: language,
        supportedLngs: [...LANGUAGES],
        nonExplicitSupportedLngs: true,
        load: 'languageOnly',
        fallbackLng: 'en',
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
        showSupportNotice: false,
      })
      .catch(() => undefined);
    fixedInstances.set(language, instance);
  }
  return instance;
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = currentLanguage(lng);
});

export default i18n;
