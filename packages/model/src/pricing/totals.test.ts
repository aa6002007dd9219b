import { describe, expect, it } from 'vitest';
import { grossOf, netForGross, orderTotals, vatOf } from './totals.ts';

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
      adjustment: 0,
      amount: 22_905,
      taxValue: 4_352, // 4351.95
      amountGross: 27_257,
    });
  });
});

describe('staff price adjustment', () => {
  it('adds the signed adjustment after the voucher, before VAT', () => {
    const totals = orderTotals({
      lineAmounts: [20_000],
      shipping: 0,
      discountFor: (subtotal) => Math.trunc(subtotal / 10),
      adjustment: -1_000,
      vatBasisPoints: 1900,
    });
    expect(totals).toMatchObject({ discount: 2_000, adjustment: -1_000, amount: 17_000, taxValue: 3_230 });
  });

  it('finds the net of a gross amount, or the reachable gross amounts beside it', () => {
    expect(netForGross(28_501, 1900)).toEqual({ net: 23_950 });
    expect(grossOf(23_950, 1900)).toBe(28_501);
    // At 19 % one cent more net adds one or two cents gross, so some gross amounts cannot be reached: find one
    // and check its neighbours are offered.
    const skipped = Array.from({ length: 200 }, (_, i) => 10_000 + i).find(
      (gross) => netForGross(gross, 1900).net === null,
    )!;
    const answer = netForGross(skipped, 1900);
    expect(answer).toEqual({ net: null, nearest: [skipped - 1, skipped + 1] });
    expect(netForGross(5_000, 0)).toEqual({ net: 5_000 });
  });
});
