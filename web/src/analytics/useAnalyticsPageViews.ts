import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../auth/session.ts';
import { onConsentChange } from '../ui/cookie-consent/consent.ts';
import { analytics } from './app.ts';

/**
 * SPEC §7 page() on every route change (the client skips the render and blueprint_preview paths and anything
 * without consent) and identify() for a signed-in user. When consent arrives later, the page the user is on
 * counts then.
 */
export function useAnalyticsPageViews(): void {
  const { pathname } = useLocation();
  const session = useSession();
  const userSub = session.kind === 'user' ? session.user.sub : null;

  useEffect(() => {
    analytics.page(pathname);
  }, [pathname]);

  useEffect(() => {
    analytics.identify(userSub ? { sub: userSub } : null);
  }, [userSub]);

  useEffect(
    () =>
      onConsentChange((consent) => {
        if (!consent.analytics) return;
        analytics.page(pathname);
        analytics.identify(userSub ? { sub: userSub } : null);
      }),
    [pathname, userSub],
  );
}
