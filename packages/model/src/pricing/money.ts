/** Money helpers. Amounts are integer minor units (cents, groszy) so rounding is explicit. */
import { STARTING_PRICE } from '../constants.ts';

export type Currency = 'EUR' | 'PLN';

import { grossOf } from './totals.ts';

/** Gross at the German 19 %: net plus VAT rounded half up (totals.ts). */
export function grossFromNetCents(netCents: number): number {
  return grossOf(netCents, 1900);
}

/** Gross of a net amount at a VAT rate in basis points (1900 = 19 %): net plus VAT rounded half up (totals.ts). */
export function grossFromNet(netMinor: number, vatBasisPoints: number): number {
  return grossOf(netMinor, vatBasisPoints);
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
