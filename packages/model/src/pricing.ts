/** Money helpers. Amounts are integer cents so rounding is explicit. */
import { STARTING_PRICE } from './constants.ts';

/** SPEC §5: gross = net x 1.19, truncated (to the cent). Integer maths avoids 0.1 + 0.2 surprises. */
export function grossFromNetCents(netCents: number): number {
  return Math.trunc((netCents * 119) / 100);
}

/** The order button's starting price: 1241 zł in Polish, 285 € otherwise (SPEC §2). */
export function startingPrice(language: string): { amount: number; currency: 'EUR' | 'PLN' } {
  return language === 'pl'
    ? { amount: STARTING_PRICE.PLN, currency: 'PLN' }
    : { amount: STARTING_PRICE.EUR, currency: 'EUR' };
}
