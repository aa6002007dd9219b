/**
 * Exact conversion between what an admin types in major units ("12,50", "12.5", "1290") and integer minor units
 * (1250, 1250, 129000). The decimal string is split, never parsed as a float, so no amount is off by a cent.
 * The same hundredths serve percentages as basis points ("19" % -> 1900).
 */
const DECIMAL = /^(\d{1,9})(?:[.,](\d{0,2}))?$/;

/** Integer hundredths of a non-negative decimal with at most two places; null when it is not one. */
export function parseHundredths(input: string): number | null {
  const match = DECIMAL.exec(input.trim().replace(/\s/g, ''));
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Minor units as the major-unit string an input shows: 1250 -> "12.50". */
export function formatHundredths(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const fraction = String(Math.abs(minor % 100)).padStart(2, '0');
  return `${whole}.${fraction}`;
}
