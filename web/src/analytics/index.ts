/** SPEC §7 analytics: identify, page and track, only with the user's analytics consent. */
export { Analytics, analyticsPath } from './analytics.ts';
export { albumAnalyticsMetadata, analytics, startAnalytics, track } from './app.ts';
export { ServerSink } from './serverSink.ts';
export type { AnalyticsEvent, AnalyticsSink } from './sink.ts';
export { useAnalyticsPageViews } from './useAnalyticsPageViews.ts';
export {
  trackSpreadAction,
  trackSpreadCreatedFromLayout,
  trackStickerSaved,
  useElementCreatedTracking,
} from './productEvents.ts';
