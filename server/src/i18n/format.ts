/**
 * Numbers, money and dates in a language (languages.ts), for mails, labels, answers and printed documents alike.
 * Money is integer minor units in, exact text out: the amount goes to Intl as a decimal string, never through a
 * float, so the printed invoice and the mail that announces it show the same figure.
 */
import { localeOf, type Language } from './languages.ts';

/** The language of a printed document: one of the server's languages (the order's). */
export type DocumentLanguage = Language;

/** Digits after the decimal point of a currency (2 for EUR and PLN, 0 for JPY), as ISO 4217 says. */
function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** 123456 minor units of EUR → "1234.56": exact, no floating point on the way. */
export function minorToDecimal(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`Not an amount in minor units: ${amountMinor}`);
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  if (digits === 0) return sign + absolute;
  return `${sign}${absolute.slice(0, -digits)}.${absolute.slice(-digits)}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * "1.234,56 €" in German, "€1,234.56" in English. Intl formats the decimal string exactly. The formatter is made
 * once per language and currency: building one costs more than a whole confirmation mail otherwise.
 */
export function formatMoney(amountMinor: number, currency: string, language: Language): string {
  const key = `${language}:${currency}`;
  let formatter = moneyFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
    moneyFormats.set(key, formatter);
  }
  return formatter.format(minorToDecimal(amountMinor, currency) as Intl.StringNumericLiteral);
}

/** A VAT rate like 19 or 8.1 as "19 %" / "8,1 %". */
export function formatPercent(percent: number, language: Language): string {
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(percent)} %`;
}

export function formatQuantity(quantity: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 3 }).format(quantity);
}

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A calendar date ("2026-03-01") as the language writes it; UTC so the day never shifts. */
export function formatDate(isoDate: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(language, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A calendar day of a mail or an answer: formatDate, but a day that is not a date stays as it is. */
export function formatDay(day: string, language: Language): string {
  if (Number.isNaN(new Date(`${day}T00:00:00Z`).getTime())) return day;
  return formatDate(day, language);
}

const COUNTRY_NAMES = new Map<Language, Intl.DisplayNames>();

/** "DE" → "Deutschland" in German; an unknown code stays as it is. */
export function countryName(countryCode: string, language: Language): string {
  let names = COUNTRY_NAMES.get(language);
  if (!names) {
    names = new Intl.DisplayNames([localeOf(language)], { type: 'region' });
    COUNTRY_NAMES.set(language, names);
  }
  try {
    return names.of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}
