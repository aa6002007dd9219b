/** SPEC §7 analytics: identify, page and track, only with the user's analytics consent. */
export { albumAnalyticsMetadata, startAnalytics, track } from './app.ts';
export { useAnalyticsPageViews } from './useAnalyticsPageViews.ts';
export {
  trackSpreadAction,
  trackSpreadCreatedFromLayout,
  trackStickerSaved,
  useElementCreatedTracking,
} from './productEvents.ts';
