/**
 * SPEC §9: delivery takes a 2-month buffer from the day of ordering; the checkout warns when the estimated delivery
 * is too close to the release date. The SPEC words it "under 1 day after the release date"; read
 * literally that would warn on every date that works, so we read it as: warn unless the albums arrive at least
 * one day before the event (release date − delivery < 1 day). Dates are calendar days ('YYYY-MM-DD', UTC).
 */
import { DELIVERY_BUFFER_MONTHS, DELIVERY_WARNING_DAYS } from '../constants.ts';

const DAY_MS = 86_400_000;

/** `now` plus 2 months as a calendar day; the 31st becomes the last day of a shorter month (Dec 31 → Feb 28/29). */
export function estimatedDeliveryDate(now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + DELIVERY_BUFFER_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return isoDay(new Date(Date.UTC(year, month, day)));
}

/** True when the albums would not arrive at least one day before the release date. */
export function deliveryWarning(estimatedDelivery: string, releaseDate: string | null | undefined): boolean {
  if (!releaseDate) return false;
  const delivery = dayNumber(estimatedDelivery);
  const release = dayNumber(releaseDate);
  if (delivery === undefined || release === undefined) return false;
  return release - delivery < DELIVERY_WARNING_DAYS;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Days since the epoch of a 'YYYY-MM-DD' (or ISO timestamp) string, or undefined when it is no real date. */
export function dayNumber(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return time / DAY_MS;
}
