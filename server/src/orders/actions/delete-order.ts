/**
 * Delete an order (SPEC §7 DELETE /orders/{id}) with everything that belongs to it (address, lines, updates,
 * comments go by cascade), give its voucher use back, and leave the album as if the order had never been placed:
 * `hasOrder` and `lastOrderId` follow the album's remaining orders (updated_at too, so cached album views are
 * renewed). GoBD: an order that was ever invoiced — even by an invoice a credit note voided — is kept with its
 * documents for ten years, so it cannot be deleted (409 ORDER_HAS_INVOICE).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { albums, invoices, orders, voucherRedemptions, vouchers } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { lockOrder } from '../order-totals.ts';

export async function deleteOrder(ctx: { db: Db }, input: { orderId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const [invoiced] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .limit(1);
    if (invoiced) {
      throw new AppError(
        409,
        'ORDER_HAS_INVOICE',
        'An invoiced order cannot be deleted; issue a credit note instead',
      );
    }
    const [redemption] = await tx
      .select({ voucherId: voucherRedemptions.voucherId })
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.orderId, order.id));
    if (redemption) {
      await tx
        .update(vouchers)
        .set({ uses: sql`greatest(${vouchers.uses} - 1, 0)` })
        .where(eq(vouchers.id, redemption.voucherId));
    }
    await tx.delete(orders).where(eq(orders.id, order.id));
    if (!order.albumId) return;
    const [latest] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.albumId, order.albumId))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    await tx
      .update(albums)
      .set({ hasOrder: latest !== undefined, lastOrderId: latest?.id ?? null, updatedAt: sql`now()` })
      .where(eq(albums.id, order.albumId));
  });
}
