// First, before the model's schemas are created (see the module).
import '@stickerbook/model/browser-setup';
import './app/mantine-styles.ts';
import './app/global.css';
import { i18nReady } from './i18n/index.ts';
import { followAccountLanguage } from './i18n/accountLanguage.ts';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadScreen } from './app/screens.tsx';
import { prefetchRouteData } from './app/routeData.ts';
import { startAnalytics } from './analytics/index.ts';

// Before any redirect can drop the landing URL's marketing parameters (SPEC §7).
startAnalytics();
// A sign-in (and the first session of this page) brings the account's language along.
followAccountLanguage();

// The page's first data is asked for now, while the screen's chunks and the language catalogue are still loading;
// the screen finds it in the query cache. The language it sends in Accept-Language is already known: i18next
// detects it synchronously (src/i18n/index.ts).
void prefetchRouteData(location.pathname);

// The first render waits for the language catalogue and the page's screen chunk, loaded in parallel: nothing
// suspends then, and React does not hold the page back behind a just-shown fallback (up to 300 ms).
await Promise.all([i18nReady, preloadScreen(location.pathname)]);

// The first render is a transition: React renders it in slices of a few milliseconds and lets the browser handle
// input and paint between them, instead of one long task that blocks the page (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      {/* The first language catalogue loads before anything renders (i18n suspends until then). */}
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  ),
);
