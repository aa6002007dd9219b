/** SPEC §9: cookie consent revision 1, shown 500 ms after load, never on print or template-preview paths. */
export const CONSENT_REVISION = 1;
export const CONSENT_DELAY_MS = 500;
const STORAGE_KEY = 'stickerbook.cookieConsent';
const EXCLUDED_PATH_PREFIXES = ['/render', '/blueprint_preview'];

export interface CookieConsent {
  revision: number;
  necessary: true;
  analytics: boolean;
  decidedAt: string;
}

export function readConsent(): CookieConsent | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as CookieConsent) : null;
  } catch {
    return null;
  }
}

type ConsentListener = (consent: CookieConsent) => void;
const listeners = new Set<ConsentListener>();

/** Analytics listens here: giving consent starts sending, withdrawing it stops sending and deletes its cookies. */
export function onConsentChange(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveConsent(analytics: boolean): CookieConsent {
  const consent: CookieConsent = {
    revision: CONSENT_REVISION,
    necessary: true,
    analytics,
    decidedAt: new Date().toISOString(),
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(consent));
  listeners.forEach((listener) => listener(consent));
  return consent;
}

export function isConsentExcludedPath(pathname: string): boolean {
  return EXCLUDED_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** SPEC §7: analytics (identify, page, track) only with the current revision's analytics consent. */
export function hasAnalyticsConsent(stored: CookieConsent | null = readConsent()): boolean {
  return stored !== null && stored.revision >= CONSENT_REVISION && stored.analytics === true;
}

export function needsConsent(stored: CookieConsent | null, pathname: string): boolean {
  if (isConsentExcludedPath(pathname)) return false;
  return !stored || stored.revision < CONSENT_REVISION;
}
