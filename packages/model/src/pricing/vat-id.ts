/**
 * The buyer's VAT id (issue 21 §4): a business in another EU country that gives one is invoiced under reverse
 * charge (tax.ts), so a wrong id costs the seller the VAT. We cannot ask VIES from the checkout, but we can refuse
 * what VIES would refuse by its shape: each member state's format (the VIES formats of the European Commission)
 * and, where the state defines one, its check digit. A well-formed id may still be unregistered; staff check
 * registration before invoicing (known limitation).
 *
 * The id is normalised first: upper case, without spaces, dots, dashes and slashes ("atu 135-856-27" →
 * "ATU13585627"). Its prefix must be the delivery country's (Greece's ids start with EL, its country code is GR);
 * an Austrian id on a delivery to France is refused, since reverse charge follows the country of delivery.
 * Switzerland is not in the EU, but a Swiss buyer's UID (CHE…, with its MWST/TVA/IVA suffix dropped) is checked
 * the same way so it can stand on the export invoice.
 *
 * Check digits, each from the state's own rule: AT, BE, DE (ISO 7064 mod 11,10, as HR), DK, EL, ES (NIF, NIE and
 * CIF), FI, FR (numeric key over the SIREN; the newer letter keys are checked by format only), IT (Luhn), LU, NL
 * (mod 11, or the 2020 mod 97 for sole traders), PL, PT, SE (Luhn over ten digits), SI, SK, CH. The other member
 * states are checked by format only.
 */

export type VatIdError =
  /** Not the shape of a VAT id of that country. */
  | 'VAT_ID_INVALID'
  /** The shape is right but the check digit is not. */
  | 'VAT_ID_CHECK_DIGIT'
  /** The id belongs to another country than the delivery country. */
  | 'VAT_ID_COUNTRY_MISMATCH'
  /** The delivery country has no VAT id we know. */
  | 'VAT_ID_COUNTRY_UNSUPPORTED';

export type VatIdResult = { ok: true; vatId: string } | { ok: false; error: VatIdError };

interface VatIdRule {
  /** The id's prefix (the country code, except EL for Greece and CHE for Switzerland). */
  prefix: string;
  /** The part after the prefix. */
  format: RegExp;
  check?: (body: string) => boolean;
}

const digitsOf = (text: string) => [...text].map(Number);

/** Sum of weight × digit over the first weights.length digits. */
const weighted = (body: string, weights: readonly number[]) =>
  weights.reduce((sum, weight, index) => sum + weight * Number(body[index]), 0);

/** Luhn over all digits of `digits` (the last one is the check digit). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  digitsOf(digits)
    .reverse()
    .forEach((digit, index) => {
      const value = index % 2 === 1 ? digit * 2 : digit;
      sum += value > 9 ? value - 9 : value;
    });
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 (Germany, Croatia): the last digit checks the others. */
function mod11_10Valid(digits: string): boolean {
  let product = 10;
  for (const digit of digitsOf(digits.slice(0, -1))) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits.at(-1));
}

/** Remainder of a long digit string modulo 97, without leaving safe integers. */
export function mod97(digits: string): number {
  let remainder = 0;
  for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
  return remainder;
}

/** Letters as numbers (A=10 … Z=35), for the ISO 7064 MOD 97-10 checks. */
export function lettersToDigits(text: string): string {
  return [...text].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');
}

function austria(body: string): boolean {
  // U + 7 digits + check: odd positions as they are, even positions doubled with their cross sum.
  const digits = digitsOf(body.slice(1, 8));
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 0) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  return (10 - ((sum + 4) % 10)) % 10 === Number(body[8]);
}

function belgium(body: string): boolean {
  return 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));
}

function denmark(body: string): boolean {
  return weighted(body, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

function greece(body: string): boolean {
  return (weighted(body, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(body[8]);
}

function finland(body: string): boolean {
  const remainder = weighted(body, [7, 9, 10, 5, 8, 4, 2]) % 11;
  if (remainder === 1) return false;
  return (remainder === 0 ? 0 : 11 - remainder) === Number(body[7]);
}

function france(body: string): boolean {
  const key = body.slice(0, 2);
  // Keys with letters (ids given since 1994 in some cases) have no published numeric rule: format only.
  if (!/^\d{2}$/.test(key)) return true;
  return (12 + 3 * (Number(body.slice(2)) % 97)) % 97 === Number(key);
}

function luxembourg(body: string): boolean {
  return Number(body.slice(0, 6)) % 89 === Number(body.slice(6));
}

function netherlands(body: string): boolean {
  // Sole traders since 2020: mod 97 over "NL" + the id with letters as numbers; others: mod 11 over nine digits.
  if (mod97(lettersToDigits(`NL${body}`)) === 1) return true;
  const remainder = weighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return remainder !== 10 && remainder === Number(body[8]);
}

function poland(body: string): boolean {
  const remainder = weighted(body, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return remainder !== 10 && remainder === Number(body[9]);
}

function portugal(body: string): boolean {
  const check = 11 - (weighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return (check > 9 ? 0 : check) === Number(body[8]);
}

function slovenia(body: string): boolean {
  const check = 11 - (weighted(body, [8, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 11) return false;
  return (check === 10 ? 0 : check) === Number(body[7]);
}

function switzerland(body: string): boolean {
  const check = 11 - (weighted(body, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(body[8]);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function spain(body: string): boolean {
  const first = body[0]!;
  const last = body[8]!;
  // Persons: DNI (8 digits + letter) and NIE (X, Y, Z + 7 digits + letter).
  if (/^\d$/.test(first)) return DNI_LETTERS[Number(body.slice(0, 8)) % 23] === last;
  if ('XYZ'.includes(first))
    return DNI_LETTERS[Number(String('XYZ'.indexOf(first)) + body.slice(1, 8)) % 23] === last;
  if ('KLM'.includes(first)) return DNI_LETTERS[Number(body.slice(1, 8)) % 23] === last;
  // Legal entities (CIF): digits in positions 2, 4, 6 as they are, 1, 3, 5, 7 doubled with their cross sum.
  const digits = digitsOf(body.slice(1, 8));
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  const check = (10 - (sum % 10)) % 10;
  const letter = 'JABCDEFGHI'[check];
  if ('PQRSNW'.includes(first)) return last === letter;
  if ('ABEH'.includes(first)) return last === String(check);
  return last === String(check) || last === letter;
}

function slovakia(body: string): boolean {
  return Number(body) % 11 === 0;
}

/** The VIES formats of the ids after their prefix, with check digits where the state defines one. */
const RULES: Record<string, VatIdRule> = {
  AT: { prefix: 'AT', format: /^U\d{8}$/, check: austria },
  BE: { prefix: 'BE', format: /^[01]\d{9}$/, check: belgium },
  BG: { prefix: 'BG', format: /^\d{9,10}$/ },
  CY: { prefix: 'CY', format: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', format: /^\d{8,10}$/ },
  DE: { prefix: 'DE', format: /^\d{9}$/, check: mod11_10Valid },
  DK: { prefix: 'DK', format: /^[1-9]\d{7}$/, check: denmark },
  EE: { prefix: 'EE', format: /^\d{9}$/ },
  ES: { prefix: 'ES', format: /^[0-9A-Z]\d{7}[0-9A-Z]$/, check: spain },
  FI: { prefix: 'FI', format: /^\d{8}$/, check: finland },
  FR: { prefix: 'FR', format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: france },
  GR: { prefix: 'EL', format: /^\d{9}$/, check: greece },
  HR: { prefix: 'HR', format: /^\d{11}$/, check: mod11_10Valid },
  HU: { prefix: 'HU', format: /^\d{8}$/ },
  IE: { prefix: 'IE', format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', format: /^\d{11}$/, check: luhnValid },
  LT: { prefix: 'LT', format: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', format: /^\d{8}$/, check: luxembourg },
  LV: { prefix: 'LV', format: /^\d{11}$/ },
  MT: { prefix: 'MT', format: /^\d{8}$/ },
  NL: { prefix: 'NL', format: /^\d{9}B\d{2}$/, check: netherlands },
  PL: { prefix: 'PL', format: /^\d{10}$/, check: poland },
  PT: { prefix: 'PT', format: /^\d{9}$/, check: portugal },
  RO: { prefix: 'RO', format: /^[1-9]\d{1,9}$/ },
  SE: { prefix: 'SE', format: /^\d{10}01$/, check: (body) => luhnValid(body.slice(0, 10)) },
  SI: { prefix: 'SI', format: /^[1-9]\d{7}$/, check: slovenia },
  SK: { prefix: 'SK', format: /^[1-9]\d{9}$/, check: slovakia },
  CH: { prefix: 'CHE', format: /^\d{9}$/, check: switzerland },
};

/** The VAT id prefix of a country ('EL' for Greece), or undefined where we know no VAT id. */
export function vatIdPrefixOf(countryCode: string): string | undefined {
  return Object.hasOwn(RULES, countryCode) ? RULES[countryCode]!.prefix : undefined;
}

/** Upper case without separators; a Swiss id also without its MWST/TVA/IVA suffix. */
export function normalizeVatId(raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  return /^CHE\d{9}(MWST|TVA|IVA)$/.test(compact) ? compact.slice(0, 12) : compact;
}

/** Every prefix we know, longest first (CHE before any two-letter prefix). */
const PREFIXES = Object.values(RULES)
  .map((rule) => rule.prefix)
  .sort((a, b) => b.length - a.length);

export function checkVatId(raw: string, countryCode: string): VatIdResult {
  const vatId = normalizeVatId(raw);
  const rule = Object.hasOwn(RULES, countryCode) ? RULES[countryCode] : undefined;
  if (!rule) return { ok: false, error: 'VAT_ID_COUNTRY_UNSUPPORTED' };
  if (!vatId.startsWith(rule.prefix)) {
    const known = PREFIXES.some((prefix) => vatId.startsWith(prefix));
    return { ok: false, error: known ? 'VAT_ID_COUNTRY_MISMATCH' : 'VAT_ID_INVALID' };
  }
  const body = vatId.slice(rule.prefix.length);
  if (!rule.format.test(body)) return { ok: false, error: 'VAT_ID_INVALID' };
  if (rule.check && !rule.check(body)) return { ok: false, error: 'VAT_ID_CHECK_DIGIT' };
  return { ok: true, vatId };
}
