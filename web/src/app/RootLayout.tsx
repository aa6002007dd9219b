import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAnalyticsPageViews } from '../analytics/index.ts';
import { setUserLoggedOutHandler, loginPathFor } from '../api/client.ts';
import { CookieConsentDialog } from '../ui/cookie-consent/CookieConsentDialog.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { setNavigator } from './navigation.ts';

/** Wires router navigation into non-React code and hosts app-wide dialogs. */
export function RootLayout() {
  const navigate = useNavigate();
  useAnalyticsPageViews();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    setUserLoggedOutHandler(() => navigate(loginPathFor(window.location.pathname + window.location.search)));
  }, [navigate]);

  return (
    <ErrorBoundary>
      <Outlet />
      <CookieConsentDialog />
    </ErrorBoundary>
  );
}
