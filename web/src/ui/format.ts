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

/**
 * The one money formatting helper: integer minor units in the currency's format of the user's UI language. Checkout
 * and the order pages show the server's `*_human` texts instead; this is for the few figures the browser words
 * itself. `whole` rounds to whole units, as the spec writes starting prices ("ab 285 €", "od 1241 zł").
 */
export function formatMoney(
  minor: number,
  currency: string,
  language: string = i18n.language,
  { whole = false }: { whole?: boolean } = {},
): string {
  if (whole) {
    return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      Math.round(minor / 100),
    );
  }
  // Minor units to major for display only; the division is exact for two-decimal currencies.
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
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

/**
 * A calendar day as people of a language write it (issue 22 item 11): 15.05.2027 in de and pl, 15/05/2027 in fr
 * and it, 05/15/2027 in en. The order and separator come from Intl, so this file holds no table of formats; the
 * value stays ISO yyyy-mm-dd everywhere else (forms, API).
 */
type Part = 'day' | 'month' | 'year';

interface DayPattern {
  /** The dayjs pattern the date field shows, e.g. 'DD.MM.YYYY'. */
  format: string;
  order: Part[];
}

const patterns = new Map<string, DayPattern>();

export function dayPattern(language: string): DayPattern {
  let pattern = patterns.get(language);
  if (pattern) return pattern;
  const parts = new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2027, 4, 15));
  const tokens: Record<string, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
  pattern = {
    format: parts.map((part) => tokens[part.type] ?? part.value).join(''),
    order: parts.map((part) => part.type).filter((type): type is Part => type in tokens),
  };
  patterns.set(language, pattern);
  return pattern;
}

/** yyyy-mm-dd in the language's way of writing it; '' for no or a malformed day. */
export function formatDay(isoDay: string | null | undefined, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay ?? '');
  if (!match) return '';
  const [, year, month, day] = match;
  const values: Record<Part, string> = { day: day!, month: month!, year: year! };
  return dayPattern(language).format.replace(/YYYY|MM|DD/g, (token) =>
    token === 'YYYY' ? values.year : token === 'MM' ? values.month : values.day,
  );
}

/**
 * What someone typed, read in the language's order, as yyyy-mm-dd; null when it is not a real day. Any
 * non-digits separate (15.5.2027, 15/05/2027, 15 05 2027); a two-digit year is in this century.
 */
export function parseDay(text: string, language: string): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const values: Partial<Record<Part, number>> = {};
  dayPattern(language).order.forEach((part, index) => (values[part] = Number(numbers[index])));
  const { day = 0, month = 0 } = values;
  let year = values.year ?? 0;
  const yearText = numbers[dayPattern(language).order.indexOf('year')] ?? '';
  if (yearText.length === 2) year += 2000;
  else if (yearText.length !== 4) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}
