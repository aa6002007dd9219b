/**
 * The one totals function (issue 21): the live quote, placing an order and every staff edit of a placed order
 * compute an order's money here, so the checkout, the order, the invoice PDF and its XML agree to the cent.
 *
 * VAT is computed on the net sum per rate and rounded half up to the minor unit (commercial rounding, as German
 * tax advisers and EN 16931 expect); gross = net + VAT. SPEC §5's "gross = net × 1.19 truncated" made about a third
 * of all invoices 1 ct short and is superseded by this rule.
 */

/** VAT of a net amount at a rate in basis points (1900 = 19 %), rounded half up, in integers only. */
export function vatOf(netMinor: number, vatBasisPoints: number): number {
  const product = netMinor * vatBasisPoints;
  // Half up for negative amounts (credit notes) means away from zero, as for positive ones.
  const magnitude = Math.floor((Math.abs(product) + 5_000) / 10_000);
  return product < 0 ? -magnitude : magnitude;
}

/** Gross of a net amount: the net plus its half-up VAT. */
export function grossOf(netMinor: number, vatBasisPoints: number): number {
  return netMinor + vatOf(netMinor, vatBasisPoints);
}

export interface OrderTotalsInput {
  /** Net amounts of the order's lines (each quantity × unit amount). */
  lineAmounts: readonly number[];
  shipping: number;
  /** The voucher's discount for a given subtotal (net of lines and shipping); none = no voucher. */
  discountFor?: (subtotal: number) => number;
  /**
   * Staff's price adjustment (SPEC §7 PATCH /orders amount, amount_gross): a signed net amount added after the
   * voucher, so the order's net is exactly what staff agreed with the customer.
   */
  adjustment?: number;
  vatBasisPoints: number;
}

export interface OrderTotals {
  /** Net of lines and shipping, before the voucher. */
  subtotal: number;
  discount: number;
  adjustment: number;
  /** Net after the voucher and the adjustment. */
  amount: number;
  taxValue: number;
  amountGross: number;
}

export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = input.lineAmounts.reduce((sum, amount) => sum + amount, 0) + input.shipping;
  const discount = input.discountFor ? input.discountFor(subtotal) : 0;
  const adjustment = input.adjustment ?? 0;
  const amount = subtotal - discount + adjustment;
  const taxValue = vatOf(amount, input.vatBasisPoints);
  return { subtotal, discount, adjustment, amount, taxValue, amountGross: amount + taxValue };
}

/**
 * The net amount whose gross (net + half-up VAT) is exactly `gross`, or null when no net gives it: rounding skips
 * some gross amounts (at 19 %, one cent more net can add two cents gross). `nearest` then names the gross amounts
 * on either side that can be reached.
 */
export function netForGross(
  gross: number,
  vatBasisPoints: number,
): { net: number } | { net: null; nearest: [number, number] } {
  const estimate = Math.round((gross * 10_000) / (10_000 + vatBasisPoints));
  for (const net of [estimate, estimate - 1, estimate + 1, estimate - 2, estimate + 2])
    if (grossOf(net, vatBasisPoints) === gross) return { net };
  let below = estimate;
  while (grossOf(below, vatBasisPoints) > gross) below -= 1;
  let above = estimate;
  while (grossOf(above, vatBasisPoints) < gross) above += 1;
  return { net: null, nearest: [grossOf(below, vatBasisPoints), grossOf(above, vatBasisPoints)] };
}
