/**
 * Postcodes as the delivery country writes them (issue 22): "1234" is no German postcode, and a wrong one goes to
 * the carrier and the print partner. One format per checkout country (constants.ts COUNTRIES), compared
 * case-insensitively with spaces as the country writes them optional; the example is what the form shows.
 */
import type { COUNTRIES } from '../constants.ts';

type CheckoutCountry = (typeof COUNTRIES)[number];

const POSTCODE_FORMATS: Record<CheckoutCountry, { pattern: RegExp; example: string }> = {
  DE: { pattern: /^\d{5}$/, example: '10115' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  LU: { pattern: /^(L-?)?\d{4}$/i, example: 'L-1009' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  NL: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/i, example: '1012 AB' },
  BE: { pattern: /^[1-9]\d{3}$/, example: '1000' },
  // Eircode: a routing key (a letter and two digits, or D6W) and a four-character unique identifier.
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i, example: 'D02 X285' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  PL: { pattern: /^\d{2}-?\d{3}$/, example: '00-001' },
  // The first two digits are the province, 01 to 52.
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28001' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  RO: { pattern: /^\d{6}$/, example: '010011' },
};

function formatFor(countryCode: string) {
  return Object.hasOwn(POSTCODE_FORMATS, countryCode)
    ? POSTCODE_FORMATS[countryCode as CheckoutCountry]
    : undefined;
}

/** ZIP_INVALID when the postcode cannot be one of the country's; null when it can, or the country is not ours. */
export function postcodeError(zipCode: string, countryCode: string): 'ZIP_INVALID' | null {
  const format = formatFor(countryCode);
  if (!format) return null;
  return format.pattern.test(zipCode.trim()) ? null : 'ZIP_INVALID';
}

/** A postcode of the country as people write it ('10115', '1012 AB'); empty for other countries. */
export function postcodeExample(countryCode: string): string {
  return formatFor(countryCode)?.example ?? '';
}
