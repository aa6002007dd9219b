/**
 * The money of an edited order, computed by the one totals function (packages/model pricing/totals.ts
 * `orderTotals`, `grossOf`) that also prices the quote and the placed order, so an edit can never round
 * differently from the checkout (issue 21). An order keeps what it was priced with: its frozen unit amounts,
 * shipping and voucher (re-applied to the new subtotal), and its VAT rate unless the buyer's tax data changed it.
 */
import { grossOf, orderTotals, voucherDiscount, type TaxTreatment } from '@stickerbook/model';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { lineItems, orders } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { OrderChange } from './order-changes.ts';
import type { OrderRow } from './repository.ts';

export type { Tx } from '../db/database.ts';

/** The order row, locked for the rest of the transaction (every edit and the invoice issue take this lock). */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order');
  return order;
}

/** The album line carries the order's album count: the print partner's `no_albums` follows it. */
const ALBUM_PRODUCT = 'album';

/**
 * Recomputes every line's gross and the order's totals from its current lines, optionally at a new VAT rate and
 * treatment, writes them, and answers the changes of the totals for the timeline.
 */
export async function applyOrderTotals(
  tx: Tx,
  order: OrderRow,
  tax: { vatBasisPoints: number; taxTreatment: TaxTreatment } = {
    vatBasisPoints: order.vatBasisPoints,
    taxTreatment: order.taxTreatment,
  },
): Promise<{ order: OrderRow; changes: OrderChange[] }> {
  const lines = await tx
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, order.id))
    .orderBy(asc(lineItems.position));
  for (const line of lines) {
    const amountGross = grossOf(line.amount, tax.vatBasisPoints);
    if (amountGross !== line.amountGross)
      await tx.update(lineItems).set({ amountGross }).where(eq(lineItems.id, line.id));
  }
  const frozen = order.voucher;
  const totals = orderTotals({
    lineAmounts: lines.map((line) => line.amount),
    shipping: order.shippingAmount,
    discountFor: frozen
      ? (subtotal) =>
          voucherDiscount(
            {
              code: frozen.code,
              kind: frozen.kind,
              value: frozen.value,
              currency: null,
              minimumAmount: 0,
              startsAt: null,
              endsAt: null,
              maxUses: null,
              uses: 0,
            },
            subtotal,
          )
      : undefined,
    adjustment: order.priceAdjustment,
    vatBasisPoints: tax.vatBasisPoints,
  });
  const albumLine = lines.find((line) => line.product === ALBUM_PRODUCT);
  const [updated] = await tx
    .update(orders)
    .set({
      subtotal: totals.subtotal,
      amount: totals.amount,
      taxValue: totals.taxValue,
      amountGross: totals.amountGross,
      vatBasisPoints: tax.vatBasisPoints,
      taxTreatment: tax.taxTreatment,
      noAlbums: albumLine?.quantity ?? order.noAlbums,
      voucher: frozen ? { ...frozen, discount: totals.discount } : null,
    })
    .where(eq(orders.id, order.id))
    .returning();
  const after = updated!;
  return {
    order: after,
    changes: [
      { field: 'no_albums', from: order.noAlbums, to: after.noAlbums },
      { field: 'vat_rate', from: order.vatBasisPoints, to: after.vatBasisPoints },
      { field: 'tax_treatment', from: order.taxTreatment, to: after.taxTreatment },
      { field: 'amount', from: order.amount, to: after.amount },
      { field: 'tax_value', from: order.taxValue, to: after.taxValue },
      { field: 'amount_gross', from: order.amountGross, to: after.amountGross },
    ],
  };
}
