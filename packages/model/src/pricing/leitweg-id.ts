/**
 * The Leitweg-ID (issue 21 §5): German public buyers (schools, town halls, public clubs) accept only XRechnung
 * invoices that carry their routing id as the buyer reference (BT-10). An invoice with a wrong id is bounced by
 * the authority's portal, so the checkout refuses what cannot be one.
 *
 * Rule (KoSIT "Formatspezifikation Leitweg-ID" 2.0.2): a coarse address of 2 to 12 digits, an optional fine
 * address of up to 30 letters or digits, and 2 check digits, the parts joined by '-'. The check digits are
 * ISO 7064 MOD 97-10 over the id without hyphens, letters as numbers (A=10 … Z=35): the remainder mod 97 is 1.
 * Example: 04011000-1234512345-06. Letters are taken in either case and kept upper case.
 */
import { lettersToDigits, mod97 } from './vat-id.ts';

export type LeitwegIdError =
  /** Not coarse address, optional fine address and two check digits joined by hyphens. */
  | 'LEITWEG_ID_INVALID'
  /** The parts are right but the check digits are not. */
  | 'LEITWEG_ID_CHECK_DIGIT';

export type LeitwegIdResult = { ok: true; leitwegId: string } | { ok: false; error: LeitwegIdError };

const LEITWEG_ID = /^(\d{2,12})(-[0-9A-Z]{1,30})?-(\d{2})$/;

export function checkLeitwegId(raw: string): LeitwegIdResult {
  const leitwegId = raw.trim().toUpperCase();
  if (!LEITWEG_ID.test(leitwegId)) return { ok: false, error: 'LEITWEG_ID_INVALID' };
  const digits = lettersToDigits(leitwegId.replaceAll('-', ''));
  return mod97(digits) === 1 ? { ok: true, leitwegId } : { ok: false, error: 'LEITWEG_ID_CHECK_DIGIT' };
}
