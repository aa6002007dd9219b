import i18n from 'i18next';

type DateInput = string | number | null | undefined;

function parsed(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The one date formatting helper: Intl with the user's UI language, never the browser's own locale (a German
 * user on an English browser reads German dates everywhere).
 */
export function formatDate(value: DateInput, language: string = i18n.language): string {
  const date = parsed(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** Date and time of day (uploads, print jobs), short, in the user's UI language. */
export function formatDateTime(value: DateInput, language: string = i18n.language): string {
  const date = parsed(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A file size for people: kB below a megabyte, else MB, at most one decimal, in the user's UI language. */
export function formatFileSize(bytes: number, language: string = i18n.language): string {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1_000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** 'YYYY-MM' as month and year (monthly tables), in the user's UI language. */
export function formatMonth(month: string, language: string = i18n.language): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}

/** yyyy-mm-dd for date inputs and the API's ISO dates. */
export function isoDay(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

/**
 * Whether a yyyy-mm-dd release date lies before today (the user's own calendar day). Such a date is allowed (an
 * album for an event that happened) but the forms warn, since it is mostly a typo in the year.
 */
export function isPastDay(isoDate: string | null | undefined, today: Date = new Date()): boolean {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const pad = (n: number) => String(n).padStart(2, '0');
  const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return isoDate < todayIso;
}
