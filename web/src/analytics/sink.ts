import type { AnalyticsCallName, MarketingParams } from '@stickerbook/model/analytics';

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

/** One call of the client, as a sink receives it (already consented, cleaned and stamped). */
export interface AnalyticsEvent {
  event: AnalyticsCallName;
  anonymousId: string;
  properties: AnalyticsProperties;
  marketing: MarketingParams;
  path: string;
  timestamp: string;
}

/**
 * Where consented events go (DESIGN.md "Outside services": a pluggable sink). The default posts them to our
 * server (`serverSink.ts`); a vendor's sink would implement the same three calls. A sink must never block or
 * throw: analytics may not disturb the product.
 */
export interface AnalyticsSink {
  enqueue(event: AnalyticsEvent): void;
  /** Sends what is queued now (the page is being hidden or closed). */
  flush(): void;
  /** Forgets what is queued and not sent yet (consent withdrawn). */
  discard(): void;
}
