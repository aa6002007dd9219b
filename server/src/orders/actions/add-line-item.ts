/**
 * Add a line to a placed order (SPEC §7 POST /orders/{orderId}/line_items) at today's price of the product or
 * feature in the order's price list; a typed description is written in the order's language. Refused while an
 * invoice stands; the totals follow and the new line is recorded as a change.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lineItems } from '../../db/schema.ts';
import { documentLanguage } from '../../invoices/order-invoice-data.ts';
import { assertNotInvoiced } from '../invoice-freeze.ts';
import { currentPrice } from '../line-prices.ts';
import { recordOrderChanges } from '../order-changes.ts';
import { applyOrderTotals, lockOrder } from '../order-totals.ts';
import type { OrderRow } from '../repository.ts';
import { translated } from '../../i18n/languages.ts';
import type { Actor } from './actor.ts';

export async function addLineItem(
  ctx: { db: Db },
  input: { orderId: string; product: string; quantity: number; description?: string; actor: Actor },
): Promise<OrderRow> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    await assertNotInvoiced(tx, order.id, input.actor.language);
    const price = await currentPrice(tx, order, input.product, input.quantity);
    const language = documentLanguage(order);
    const [last] = await tx
      .select({ position: lineItems.position })
      .from(lineItems)
      .where(eq(lineItems.orderId, order.id))
      .orderBy(desc(lineItems.position))
      .limit(1);
    const amount = input.quantity * price.unitAmount;
    await tx.insert(lineItems).values({
      orderId: order.id,
      position: (last?.position ?? -1) + 1,
      product: input.product,
      kind: price.kind,
      titles: price.entry.titles,
      descriptions: input.description ? { [language]: input.description } : price.entry.descriptions,
      quantity: input.quantity,
      unitAmount: price.unitAmount,
      amount,
      // applyOrderTotals sets every line's gross at the order's rate.
      amountGross: amount,
    });
    const totals = await applyOrderTotals(tx, order);
    await recordOrderChanges(tx, {
      orderId: order.id,
      userId: input.actor.id,
      by: input.actor.email,
      changes: [
        {
          field: 'line_added',
          item: translated(price.entry.titles, language),
          from: null,
          to: input.quantity,
        },
        ...totals.changes,
      ],
    });
    return totals.order;
  });
}
