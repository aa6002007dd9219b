import { describe, expect, it } from 'vitest';
import { grossOf, orderTotals, vatOf } from './totals.ts';

describe('VAT is rounded half up to the cent', () => {
  it('rounds 19 % of 68.19 € to 12.96 €, where truncating gave 12.95 €', () => {
    expect(vatOf(6819, 1900)).toBe(1296);
    expect(grossOf(6819, 1900)).toBe(8115);
  });

  it('rounds an exact half cent up', () => {
    expect(vatOf(50, 1900)).toBe(10); // 9.5 ct
    expect(vatOf(150, 700)).toBe(11); // 10.5 ct
    expect(vatOf(250, 1900)).toBe(48); // 47.5 ct
    expect(vatOf(1250, 2300)).toBe(288); // 287.5 ct (Polish 23 %)
  });

  it('rounds below the half down', () => {
    expect(vatOf(49, 1900)).toBe(9); // 9.31 ct
    expect(vatOf(26, 1900)).toBe(5); // 4.94 ct
  });

  it('rounds a credit note’s negative half away from zero, the mirror of its invoice', () => {
    expect(vatOf(-50, 1900)).toBe(-10);
    expect(vatOf(-6819, 1900)).toBe(-1296);
  });

  it('charges no VAT at 0 %', () => {
    expect(vatOf(28_500, 0)).toBe(0);
  });
});

describe('orderTotals', () => {
  it('takes the voucher off lines plus shipping and computes VAT once on the net sum', () => {
    const totals = orderTotals({
      lineAmounts: [20_000, 4_000],
      shipping: 1_450,
      discountFor: (subtotal) => Math.trunc(subtotal / 10),
      vatBasisPoints: 1900,
    });
    expect(totals).toEqual({
      subtotal: 25_450,
      discount: 2_545,
      amount: 22_905,
      taxValue: 4_352, // 4351.95
      amountGross: 27_257,
    });
  });
});
