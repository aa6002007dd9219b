import { ANALYTICS_COOKIE_DAYS } from '@stickerbook/model/analytics';

/** First-party cookies of analytics; written only with consent, deleted when it is withdrawn (SPEC §9: 90 days). */
export const ANONYMOUS_ID_COOKIE = 'sb_analytics_id';
export const MARKETING_COOKIE = 'sb_marketing';
export const ANALYTICS_COOKIES = [ANONYMOUS_ID_COOKIE, MARKETING_COOKIE] as const;

const MAX_AGE_SECONDS = ANALYTICS_COOKIE_DAYS * 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!found) return null;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return null;
  }
}

export function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
