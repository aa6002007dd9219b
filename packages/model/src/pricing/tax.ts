/**
 * How VAT applies to an order (issue 21): the seller is German; the buyer's country and VAT id decide.
 * - `standard`: the VAT table's rate of the delivery country (Germany, and EU consumers: SPEC §9 seeds 19 %,
 *   admins may set destination rates).
 * - `reverse_charge`: an EU business outside the seller's country with a VAT id; 0 %, EN 16931 category AE,
 *   the buyer owes the VAT (§13b UStG, Art. 196 VAT directive).
 * - `export`: delivery outside the EU (Switzerland, the United Kingdom, ...); 0 %, category G (§4 Nr. 1a, §6 UStG).
 */
export const TAX_TREATMENTS = ['standard', 'reverse_charge', 'export'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The EU member states (ISO 3166-1 alpha-2). Greece's VAT ids start with EL, its country code is GR. */
const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

const SELLER_COUNTRY = 'DE';

export function taxTreatmentFor(input: {
  /** The delivery country. */
  countryCode: string;
  /** The buyer's VAT id, already checked; empty or absent for consumers. */
  vatId?: string | null;
  sellerCountry?: string;
}): TaxTreatment {
  const seller = input.sellerCountry ?? SELLER_COUNTRY;
  if (input.countryCode === seller) return 'standard';
  if (!EU_COUNTRIES.has(input.countryCode)) return 'export';
  return input.vatId?.trim() ? 'reverse_charge' : 'standard';
}

/** The VAT rate an order is charged: the table's rate under `standard`, nothing otherwise. */
export function vatBasisPointsFor(treatment: TaxTreatment, tableRate: number): number {
  return treatment === 'standard' ? tableRate : 0;
}
