import {
  ANALYTICS_LIMITS,
  type AnalyticsCallName,
  type AnalyticsEventName,
  type MarketingParams,
} from '@stickerbook/model/analytics';
import {
  ANALYTICS_COOKIES,
  ANONYMOUS_ID_COOKIE,
  MARKETING_COOKIE,
  deleteCookie,
  readCookie,
  writeCookie,
} from './cookies.ts';
import { hasMarketingParams, marketingParamsFrom, storedMarketingParams } from './marketing.ts';
import type { AnalyticsProperties, AnalyticsSink } from './sink.ts';

export interface AnalyticsOptions {
  sink: AnalyticsSink;
  /** Whether the user gave analytics consent (SPEC §7: nothing is sent or stored without it). */
  hasConsent: () => boolean;
  /** SPEC §2: the print renderer and the template preview are never tracked. */
  isExcludedPath: (pathname: string) => boolean;
}

/** Path segments that are secrets (sticker link, preview and invitation tokens) never leave the browser. */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/s\/)[^/]+/,
  /^(\/album\/[^/]+\/preview\/)[^/]+/,
  /^(\/invitations\/)[^/]+/,
];

export function analyticsPath(pathname: string): string {
  return SECRET_SEGMENTS.reduce((path, pattern) => path.replace(pattern, '$1:token'), pathname);
}

/** Only a small flat object reaches the server (it refuses anything else, and the whole batch with it). */
function cleanProperties(properties: Record<string, unknown>): AnalyticsProperties {
  const clean: AnalyticsProperties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (Object.keys(clean).length >= ANALYTICS_LIMITS.propertyKeys) break;
    if (!key || key.length > ANALYTICS_LIMITS.propertyKeyChars) continue;
    if (typeof value === 'string') clean[key] = value.slice(0, 200);
    else if (
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean' ||
      value === null
    )
      clean[key] = value;
  }
  return clean;
}

/** 128 random bits as hex (`crypto.randomUUID` exists only in secure contexts; this works on plain http too). */
function newAnonymousId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The consent-gated analytics client (SPEC §7: identify, page, track only with consent). Without consent every
 * call returns at once and nothing is queued, sent or written; marketing parameters of the landing page wait in
 * memory only, so consent given in the dialog on that page still attributes the visit. Withdrawing consent
 * drops the queue and deletes the analytics cookies.
 */
export class Analytics {
  readonly #options: AnalyticsOptions;
  #sink: AnalyticsSink;
  /** The landing page's parameters, kept until consent decides whether they go into the cookie. */
  #landing: MarketingParams = {};
  #identified: string | null = null;

  constructor(options: AnalyticsOptions) {
    this.#options = options;
    this.#sink = options.sink;
  }

  /** Plugs in another sink (the queued events of the old one are sent first). */
  setSink(sink: AnalyticsSink): void {
    this.#sink.flush();
    this.#sink = sink;
  }

  /** Reads the landing URL's marketing parameters (SPEC §7); they replace earlier ones when present. */
  land(search: string): void {
    const params = marketingParamsFrom(search);
    if (!hasMarketingParams(params)) return;
    this.#landing = params;
    if (this.#options.hasConsent()) writeCookie(MARKETING_COOKIE, JSON.stringify(params));
  }

  /** The marketing parameters to attribute to: the cookie's with consent, the landing page's otherwise. */
  marketing(): MarketingParams {
    if (!this.#options.hasConsent()) return {};
    return { ...storedMarketingParams(), ...this.#landing };
  }

  consentChanged(consented: boolean): void {
    if (consented) {
      if (hasMarketingParams(this.#landing)) writeCookie(MARKETING_COOKIE, JSON.stringify(this.#landing));
      return;
    }
    this.#sink.discard();
    this.#landing = {};
    this.#identified = null;
    ANALYTICS_COOKIES.forEach(deleteCookie);
  }

  /** Ties this browser's events to the signed-in user (the server takes the user from the token). */
  identify(user: { sub: string } | null): void {
    if (!user || user.sub === this.#identified) return;
    if (this.#send('identify', {})) this.#identified = user.sub;
  }

  page(pathname = window.location.pathname): void {
    this.#send('page', {}, pathname);
  }

  track(event: AnalyticsEventName, properties: Record<string, unknown> = {}): void {
    this.#send(event, properties);
  }

  #send(event: AnalyticsCallName, properties: Record<string, unknown>, pathname = window.location.pathname) {
    if (!this.#options.hasConsent() || this.#options.isExcludedPath(pathname)) return false;
    try {
      this.#sink.enqueue({
        event,
        anonymousId: this.#anonymousId(),
        properties: cleanProperties(properties),
        marketing: this.marketing(),
        path: analyticsPath(pathname),
        timestamp: new Date().toISOString(),
      });
      return true;
    } catch {
      return false;
    }
  }

  /** The browser's random id, in a first-party cookie (only ever called with consent); 90 days from last use. */
  #anonymousId(): string {
    const id = readCookie(ANONYMOUS_ID_COOKIE) ?? newAnonymousId();
    writeCookie(ANONYMOUS_ID_COOKIE, id);
    return id;
  }
}
