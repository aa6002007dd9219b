/**
 * Edit an order's details (SPEC §7 PATCH /orders/{id}): e-mail, phone, the staff remark, the buyer's VAT id
 * and Leitweg-ID (issue 21 §4/§5), and staff's price (`amount` or `amount_gross`, adjust-price.ts). The tax ids are checked by the model's rules against the delivery country (422
 * naming the field; empty means none) and, being on the invoice, are
 * frozen while an invoice stands; a new VAT id may change the tax treatment (reverse charge) and with it the rate
 * and every amount. Contact data and the remark stay editable on an invoiced order: they are not invoiced content.
 */
import { addresses, orders } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { checkBuyerTaxIds, taxFor } from '../buyer-tax.ts';
import { assertNotInvoiced } from '../invoice-freeze.ts';
import { recordOrderChanges, type OrderChange } from '../order-changes.ts';
import { applyOrderTotals, lockOrder } from '../order-totals.ts';
import type { OrderRow } from '../repository.ts';
import type { Actor } from './actor.ts';
import { adjustPrice } from './adjust-price.ts';

export interface DetailsChange {
  email?: string;
  phone?: string | null;
  comment?: string | null;
  buyer_vat_id?: string | null;
  buyer_reference?: string | null;
  /** Staff's price (adjust-price.ts): the net, or the gross it is reached from. */
  amount?: number;
  amount_gross?: number;
}

export async function editDetails(
  ctx: { db: Db },
  input: { orderId: string; change: DetailsChange; actor: Actor },
): Promise<OrderRow> {
  const { actor } = input;
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const [address] = await tx.select().from(addresses).where(eq(addresses.orderId, order.id));
    // A VAT id is checked against the delivery country: reverse charge follows the country of delivery.
    const change = {
      ...input.change,
      ...checkBuyerTaxIds(input.change, address?.countryCode ?? '', actor.language),
    };
    const taxIdsChange =
      (change.buyer_vat_id !== undefined && change.buyer_vat_id !== order.buyerVatId) ||
      (change.buyer_reference !== undefined && change.buyer_reference !== order.buyerReference);
    if (taxIdsChange) await assertNotInvoiced(tx, order.id, actor.language);
    const set = {
      ...(change.email !== undefined ? { email: change.email } : {}),
      ...(change.phone !== undefined ? { phone: change.phone } : {}),
      ...(change.comment !== undefined ? { comment: change.comment } : {}),
      ...(change.buyer_vat_id !== undefined ? { buyerVatId: change.buyer_vat_id } : {}),
      ...(change.buyer_reference !== undefined ? { buyerReference: change.buyer_reference } : {}),
    };
    const priceChange = change.amount !== undefined || change.amount_gross !== undefined;
    if (Object.keys(set).length === 0 && !priceChange) return order;
    const [updated] =
      Object.keys(set).length > 0
        ? await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning()
        : [order];
    let after = updated!;
    const changes: OrderChange[] = [
      { field: 'email', from: order.email, to: after.email },
      { field: 'phone', from: order.phone, to: after.phone },
      { field: 'comment', from: order.comment, to: after.comment },
      { field: 'buyer_vat_id', from: order.buyerVatId, to: after.buyerVatId },
      { field: 'buyer_reference', from: order.buyerReference, to: after.buyerReference },
    ];
    // A VAT id can make an EU delivery reverse charge, and taking it away makes it standard again.
    const tax =
      after.buyerVatId !== order.buyerVatId && address
        ? await taxFor(tx, after, {
            countryCode: address.countryCode,
            vatId: after.buyerVatId,
            field: 'buyer_vat_id',
            language: actor.language,
          })
        : undefined;
    // The totals are computed once, with the new rate and the new price together.
    const totals = priceChange
      ? await adjustPrice(
          tx,
          after,
          { amount: change.amount, amount_gross: change.amount_gross },
          actor.language,
          tax,
        )
      : tax
        ? await applyOrderTotals(tx, after, tax)
        : undefined;
    if (totals) {
      after = totals.order;
      changes.push(...totals.changes);
    }
    await recordOrderChanges(tx, { orderId: order.id, userId: actor.id, by: actor.email, changes });
    return after;
  });
}
