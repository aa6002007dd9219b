import { describe, expect, it } from 'vitest';
import { formatHundredths, parseHundredths } from './money.ts';

describe('money inputs', () => {
  it('turns major units with comma or point into exact minor units', () => {
    expect(parseHundredths('12,50')).toBe(1250);
    expect(parseHundredths('12.5')).toBe(1250);
    expect(parseHundredths('0.29')).toBe(29);
    expect(parseHundredths('1290')).toBe(129000);
    expect(parseHundredths(' 4,99 ')).toBe(499);
    // 1.15 * 100 is 114.99999999999999 in floating point; the string split gets it right.
    expect(parseHundredths('1.15')).toBe(115);
    expect(parseHundredths('12.')).toBe(1200);
  });

  it('refuses negative amounts, more than two decimals and anything that is not a number', () => {
    for (const input of ['-1', '1.999', 'abc', '', '1e3', '1,2,3', '.5'])
      expect(parseHundredths(input)).toBeNull();
  });

  it('shows minor units as major units for editing', () => {
    expect(formatHundredths(1250)).toBe('12.50');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(0)).toBe('0.00');
    expect(parseHundredths(formatHundredths(123456))).toBe(123456);
  });
});
