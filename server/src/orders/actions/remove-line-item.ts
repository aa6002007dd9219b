/**
 * Remove a line from a placed order (SPEC §7 DELETE /line_items/{id}). Refused while an invoice stands; the
 * totals follow and the removed line is recorded as a change.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lineItems } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { documentLanguage } from '../../invoices/order-invoice-data.ts';
import { assertNotInvoiced } from '../invoice-freeze.ts';
import { recordOrderChanges } from '../order-changes.ts';
import { applyOrderTotals, lockOrder } from '../order-totals.ts';
import type { OrderRow } from '../repository.ts';
import { translated } from '../../i18n/languages.ts';
import type { Actor } from './actor.ts';
import { findLineOrderId } from './edit-line-item.ts';

export async function removeLineItem(
  ctx: { db: Db },
  input: { lineId: string; actor: Actor },
): Promise<OrderRow> {
  const orderId = await findLineOrderId(ctx.db, input.lineId);
  if (!orderId) throw notFound('Line item');
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await assertNotInvoiced(tx, order.id, input.actor.language);
    const [line] = await tx.delete(lineItems).where(eq(lineItems.id, input.lineId)).returning();
    if (!line) throw notFound('Line item');
    const totals = await applyOrderTotals(tx, order);
    await recordOrderChanges(tx, {
      orderId: order.id,
      userId: input.actor.id,
      by: input.actor.email,
      changes: [
        {
          field: 'line_removed',
          item: translated(line.titles, documentLanguage(order)),
          from: line.quantity,
          to: null,
        },
        ...totals.changes,
      ],
    });
    return totals.order;
  });
}
