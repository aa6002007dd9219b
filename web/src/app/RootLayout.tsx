import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAnalyticsPageViews } from '../analytics/index.ts';
import { setUserLoggedOutHandler, loginPathFor } from '../api/client.ts';
import { needsConsent, readConsent } from '../ui/cookie-consent/consent.ts';
import { LauncherRoom } from '../features/support/LauncherRoom.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { setNavigator } from './navigation.ts';

// Opens 500 ms after load and only until the visitor has decided: loaded then, not with the start page.
const CookieConsentDialog = lazy(() =>
  import('../ui/cookie-consent/CookieConsentDialog.tsx').then((module) => ({
    default: module.CookieConsentDialog,
  })),
);

// SPEC §7 help widget (contact form or Chatwoot): loaded after the page, not with it.
const SupportWidget = lazy(() =>
  import('../features/support/SupportWidget.tsx').then((module) => ({ default: module.SupportWidget })),
);

/** Loads the consent dialog once a page that asks for consent is shown to a visitor who has not decided. */
function useConsentDialogNeeded(): boolean {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needsConsent(readConsent(), pathname)) setNeeded(true);
  }, [pathname]);
  return needed;
}

/** Wires router navigation into non-React code and hosts app-wide dialogs. */
export function RootLayout() {
  const navigate = useNavigate();
  useAnalyticsPageViews();
  const consentDialog = useConsentDialogNeeded();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    setUserLoggedOutHandler(() => navigate(loginPathFor(window.location.pathname + window.location.search)));
  }, [navigate]);

  return (
    <ErrorBoundary>
      <Outlet />
      <LauncherRoom />
      <Suspense fallback={null}>
        <SupportWidget />
      </Suspense>
      {consentDialog && (
        <Suspense fallback={null}>
          <CookieConsentDialog />
        </Suspense>
      )}
    </ErrorBoundary>
  );
}
