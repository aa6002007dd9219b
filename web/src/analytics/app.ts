/**
 * The app's analytics: one consent-gated client (`analytics.ts`) with the server sink as default. Product code
 * calls `track('Spread Created', {...})` where the thing happens; RootLayout reports page views and the
 * signed-in user (`useAnalyticsPageViews`).
 */
import type { AnalyticsEventName } from '@stickerbook/model/analytics';
import { hasAnalyticsConsent, isConsentExcludedPath, onConsentChange } from '../ui/cookie-consent/consent.ts';
import { Analytics } from './analytics.ts';
import { ServerSink } from './serverSink.ts';

export const analytics = new Analytics({
  sink: new ServerSink(),
  hasConsent: () => hasAnalyticsConsent(),
  isExcludedPath: isConsentExcludedPath,
});

/** Called once before the first render, while the address bar still shows the landing URL. */
export function startAnalytics(): void {
  onConsentChange((consent) => analytics.consentChanged(hasAnalyticsConsent(consent)));
  analytics.land(window.location.search);
}

export function track(event: AnalyticsEventName, properties?: Record<string, unknown>): void {
  analytics.track(event, properties);
}

/**
 * POST /albums analytics_metadata: the stored marketing parameters (with consent) completed by those in the
 * wizard's own URL, which the user carries there and which win.
 */
export function albumAnalyticsMetadata(urlParams: Record<string, string>): Record<string, string> {
  return { ...analytics.marketing(), ...urlParams };
}
