/** Money helpers. Amounts are integer minor units (cents, groszy) so rounding is explicit. */
import { STARTING_PRICE } from '../constants.ts';

export type Currency = 'EUR' | 'PLN';
export const CURRENCIES = ['EUR', 'PLN'] as const;

/** SPEC §5: gross = net x 1.19, truncated (to the cent). Integer maths avoids 0.1 + 0.2 surprises. */
export function grossFromNetCents(netCents: number): number {
  return grossFromNet(netCents, 1900);
}

/**
 * Gross of a net amount at a VAT rate in basis points (1900 = 19 %), truncated to the minor unit as SPEC §5 says
 * for 1.19. Integer only: net x (10000 + rate) stays far below 2^53 for any order this shop can take.
 */
export function grossFromNet(netMinor: number, vatBasisPoints: number): number {
  return Math.trunc((netMinor * (10_000 + vatBasisPoints)) / 10_000);
}

/** The order button's starting price: 1241 zł in Polish, 285 € otherwise (SPEC §2). */
export function startingPrice(language: string): { amount: number; currency: Currency } {
  return language === 'pl'
    ? { amount: STARTING_PRICE.PLN, currency: 'PLN' }
    : { amount: STARTING_PRICE.EUR, currency: 'EUR' };
}

/** The price list of an album language: Polish albums are priced in złoty, every other language in euro. */
export function currencyForLanguage(language: string): Currency {
  return language === 'pl' ? 'PLN' : 'EUR';
}
