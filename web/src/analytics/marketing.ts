import { ANALYTICS_LIMITS, MARKETING_PARAMS, type MarketingParams } from '@stickerbook/model/analytics';
import { MARKETING_COOKIE, readCookie } from './cookies.ts';

/** The SPEC §7 marketing parameters present in a URL query (entrypoint, utm_*, ad-set); others are ignored. */
export function marketingParamsFrom(search: string): MarketingParams {
  const params = new URLSearchParams(search);
  const found: MarketingParams = {};
  for (const key of MARKETING_PARAMS) {
    const value = params.get(key);
    if (value !== null) found[key] = value.slice(0, ANALYTICS_LIMITS.marketingValueChars);
  }
  return found;
}

export function hasMarketingParams(params: MarketingParams): boolean {
  return Object.keys(params).length > 0;
}

/** What the marketing cookie holds, keeping only the known parameters (the cookie is user-editable). */
export function storedMarketingParams(): MarketingParams {
  const raw = readCookie(MARKETING_COOKIE);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const kept: MarketingParams = {};
    for (const key of MARKETING_PARAMS) {
      const value = parsed[key];
      if (typeof value === 'string') kept[key] = value.slice(0, ANALYTICS_LIMITS.marketingValueChars);
    }
    return kept;
  } catch {
    return {};
  }
}
