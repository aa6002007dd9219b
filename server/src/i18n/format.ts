/** Numbers, money and dates on printed documents, in the document's language. Money is integer minor units. */

export const DOCUMENT_LANGUAGES = ['de', 'en', 'fr', 'it', 'pl'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

const LOCALES: Record<DocumentLanguage, string> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  it: 'it-IT',
  pl: 'pl-PL',
};

export function localeOf(language: DocumentLanguage): string {
  return LOCALES[language];
}

/** Digits after the decimal point of a currency (2 for EUR and PLN, 0 for JPY), as ISO 4217 says. */
export function minorDigits(currency: string): number {
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

/** "1.234,56 €" in German, "€1,234.56" in English. Intl formats the decimal string exactly. */
export function formatMoney(amountMinor: number, currency: string, language: DocumentLanguage): string {
  const formatter = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
  return formatter.format(minorToDecimal(amountMinor, currency) as Intl.StringNumericLiteral);
}

/** A VAT rate like 19 or 8.1 as "19 %" / "8,1 %". */
export function formatPercent(percent: number, language: DocumentLanguage): string {
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(percent)} %`;
}

export function formatQuantity(quantity: number, language: DocumentLanguage): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 3 }).format(quantity);
}

/** A calendar date ("2026-03-01") as the language writes it; UTC so the day never shifts. */
export function formatDate(isoDate: string, language: DocumentLanguage): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

const COUNTRY_NAMES = new Map<DocumentLanguage, Intl.DisplayNames>();

/** "DE" → "Deutschland" in German; an unknown code stays as it is. */
export function countryName(countryCode: string, language: DocumentLanguage): string {
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
