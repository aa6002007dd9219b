import { SESSION_STORAGE_KEY, STARTUP_READ_GLOBAL, STARTUP_REFRESH_GLOBAL } from '../auth/startupRefresh.ts';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '../i18n/languages.ts';

/**
 * The screens whose chunks index.html asks for before the app's entry has run (web/vite-route-preload.ts): the
 * editor, the page whose cold open has a target of its own (issue 23), and the start page. Each pattern is the
 * paths routeTable.ts gives the screen (the editor's: its route less the routes that win over it);
 * routePreloads.test.ts keeps the two equal, path by path.
 */
export const ROUTE_PRELOADS = [
  {
    screen: 'editor',
    pattern:
      /^\/album\/(?!new(?:\/|$))[^/]+(?!\/(?:checkout|migrate)\/?$)(?!\/preview\/[^/]+\/?$)(?:\/[^/]+){0,3}\/?$/,
    module: 'src/features/editor-shell/EditorRoute.tsx',
    // The editor's album needs an access token, which a reloaded page has not.
    refresh: true,
    // The album itself (api/queries.ts `albumQuery`), the path's second segment being its id.
    read: '/api/v1/albums/{2}',
  },
  {
    // The start page, a signed-in user's first page: its album list needs a token as well.
    screen: 'start',
    pattern: /^\/(?:start\/?)?$/,
    module: 'src/features/start/StartPage.tsx',
    refresh: true,
    // The album list (api/queries.ts `albumsQuery`).
    read: '/api/v1/albums',
  },
] as const;

/** The language catalogues (src/i18n/index.ts loads `./locales/<language>.ts`; English is the fallback). */
export const CATALOGUE_PRELOAD = {
  module: (language: string) => `src/i18n/locales/${language}.ts`,
  languages: LANGUAGES,
  fallback: 'en',
  storageKey: LANGUAGE_STORAGE_KEY,
};

/** A signed-in user's first token refresh, started with the editor's preloads (auth/startupRefresh.ts). */
export const STARTUP_REFRESH = {
  url: '/api/v1/auth/refresh',
  storageKey: SESSION_STORAGE_KEY,
  global: STARTUP_REFRESH_GLOBAL,
  readGlobal: STARTUP_READ_GLOBAL,
};
