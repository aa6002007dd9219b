/**
 * SPEC §7 analytics: the product events, the marketing parameters carried from the landing page, and the limits
 * the web client and the server's POST /analytics/events agree on (one list, so neither side can drift).
 */
export { ANALYTICS_COOKIE_DAYS } from './constants.ts';
const ANALYTICS_EVENTS = [
  'Sticker Created',
  'Sticker Placed',
  'Background Image Placed',
  'Spread Created',
  'Spread Updated',
  'Spread Deleted',
  'Image Replaced',
  'Element Created',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** What a batch may carry besides the product events: page views and the identify call. */
export const ANALYTICS_CALLS = [...ANALYTICS_EVENTS, 'page', 'identify'] as const;
export type AnalyticsCallName = (typeof ANALYTICS_CALLS)[number];

/** SPEC §7 marketing parameters, read from the landing URL. */
export const MARKETING_PARAMS = [
  'entrypoint',
  'utm_source',
  'utm_campaign',
  'utm_medium',
  'utm_content',
  'utm_term',
  'ad-set',
] as const;
export type MarketingParam = (typeof MARKETING_PARAMS)[number];
export type MarketingParams = Partial<Record<MarketingParam, string>>;

export const ANALYTICS_LIMITS = {
  /** Events per POST; the client flushes earlier (see web/src/analytics/serverSink.ts). */
  batchEvents: 50,
  /** Keys of one event's properties, and their JSON size: a small flat object, never a document. */
  propertyKeys: 20,
  propertiesBytes: 2048,
  propertyKeyChars: 64,
  propertyValueChars: 500,
  marketingValueChars: 200,
} as const;
