/**
 * Edit a line of a placed order (SPEC §7 PATCH /line_items/{id}): its quantity at the line's frozen unit amount,
 * another product at today's price, or its description — written in the ORDER's language (the language of its
 * documents), never the admin's UI language, so a German invoice never gets an English line (issue 21 §3).
 * Refused while an invoice stands (invoice-freeze.ts); the totals follow (order-totals.ts) and every moved value
 * is recorded (order-changes.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lineItems } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { documentLanguage } from '../../invoices/order-invoice-data.ts';
import { assertNotInvoiced } from '../invoice-freeze.ts';
import { currentPrice } from '../line-prices.ts';
import { recordOrderChanges } from '../order-changes.ts';
import { applyOrderTotals, lockOrder } from '../order-totals.ts';
import type { OrderRow } from '../repository.ts';
import { translated } from '../../i18n/languages.ts';
import type { Actor } from './actor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findLineOrderId(db: Db, lineId: string): Promise<string | undefined> {
  if (!UUID.test(lineId)) return undefined;
  const [line] = await db
    .select({ orderId: lineItems.orderId })
    .from(lineItems)
    .where(eq(lineItems.id, lineId));
  return line?.orderId;
}

export async function editLineItem(
  ctx: { db: Db },
  input: {
    lineId: string;
    change: { quantity?: number; description?: string; product?: string };
    actor: Actor;
  },
): Promise<OrderRow> {
  const orderId = await findLineOrderId(ctx.db, input.lineId);
  if (!orderId) throw notFound('Line item');
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await assertNotInvoiced(tx, order.id, input.actor.language);
    const [line] = await tx.select().from(lineItems).where(eq(lineItems.id, input.lineId));
    if (!line) throw notFound('Line item');
    const language = documentLanguage(order);
    const { change } = input;
    const quantity = change.quantity ?? line.quantity;
    // Another product is a new sale at today's price; the same product keeps its frozen unit amount.
    const swapped = change.product !== undefined && change.product !== line.product;
    const price = swapped ? await currentPrice(tx, order, change.product!, quantity) : undefined;
    const unitAmount = price?.unitAmount ?? line.unitAmount;
    const oldDescription = translated(line.descriptions, language);
    // A form sends back the text it showed, in the admin's language: that is no new description.
    const typed =
      change.description !== undefined && !Object.values(line.descriptions).includes(change.description);
    const descriptions = typed
      ? { [language]: change.description! }
      : price
        ? price.entry.descriptions
        : line.descriptions;
    const titles = price ? price.entry.titles : line.titles;
    await tx
      .update(lineItems)
      .set({
        quantity,
        unitAmount,
        amount: quantity * unitAmount,
        titles,
        descriptions,
        ...(price ? { product: change.product!, kind: price.kind } : {}),
      })
      .where(eq(lineItems.id, line.id));
    const totals = await applyOrderTotals(tx, order);
    const item = translated(line.titles, language);
    await recordOrderChanges(tx, {
      orderId: order.id,
      userId: input.actor.id,
      by: input.actor.email,
      changes: [
        {
          field: 'line_product',
          item,
          from: translated(line.titles, language),
          to: translated(titles, language),
        },
        { field: 'line_quantity', item, from: line.quantity, to: quantity },
        { field: 'line_description', item, from: oldDescription, to: translated(descriptions, language) },
        ...totals.changes,
      ],
    });
    return totals.order;
  });
}
