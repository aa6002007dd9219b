/**
 * Edit the order's shipping and billing address (SPEC §7 PATCH /addresses/{id}). The address is on the invoice,
 * so it is frozen while an invoice stands. A new country may change the tax treatment (export outside the EU,
 * reverse charge with a VAT id) and the rate, and with them every amount.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { addresses } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { checkBuyerTaxIds, taxFor } from '../buyer-tax.ts';
import { assertNotInvoiced } from '../invoice-freeze.ts';
import { recordOrderChanges, type ChangeField, type OrderChange } from '../order-changes.ts';
import { applyOrderTotals, lockOrder } from '../order-totals.ts';
import type { OrderRow } from '../repository.ts';
import type { Actor } from './actor.ts';

const ADDRESS_COLUMNS = {
  organization: 'organization',
  first_name: 'firstName',
  last_name: 'lastName',
  address1: 'address1',
  address2: 'address2',
  zip_code: 'zipCode',
  city: 'city',
  country_code: 'countryCode',
  phone: 'phone',
} as const;
export type AddressChange = Partial<Record<keyof typeof ADDRESS_COLUMNS, string | null>>;

export async function editAddress(
  ctx: { db: Db },
  input: { addressId: string; change: AddressChange; actor: Actor },
): Promise<OrderRow> {
  const { actor } = input;
  if (!/^[0-9a-f-]{36}$/i.test(input.addressId)) throw notFound('Address');
  const [found] = await ctx.db
    .select({ orderId: addresses.orderId })
    .from(addresses)
    .where(eq(addresses.id, input.addressId));
  if (!found) throw notFound('Address');
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const [address] = await tx.select().from(addresses).where(eq(addresses.id, input.addressId));
    if (!address) throw notFound('Address');
    const entries = (Object.keys(ADDRESS_COLUMNS) as Array<keyof typeof ADDRESS_COLUMNS>).flatMap((key) => {
      const value = input.change[key];
      const column = ADDRESS_COLUMNS[key];
      return value === undefined || value === address[column] ? [] : [{ key, column, value }];
    });
    if (entries.length === 0) return order;
    await assertNotInvoiced(tx, order.id, actor.language);
    const [updated] = await tx
      .update(addresses)
      .set(Object.fromEntries(entries.map(({ column, value }) => [column, value])))
      .where(eq(addresses.id, address.id))
      .returning();
    const changes: OrderChange[] = entries.map(({ key, column }) => ({
      field: `address_${key}` as ChangeField,
      from: address[column],
      to: updated![column],
    }));
    let after = order;
    if (updated!.countryCode !== address.countryCode) {
      // The buyer's VAT id must belong to the new delivery country (422 on the country otherwise).
      if (order.buyerVatId) {
        checkBuyerTaxIds(
          { buyer_vat_id: order.buyerVatId },
          updated!.countryCode,
          actor.language,
          'country_code',
        );
      }
      const tax = await taxFor(tx, order, {
        countryCode: updated!.countryCode,
        vatId: order.buyerVatId,
        field: 'country_code',
        language: actor.language,
      });
      const totals = await applyOrderTotals(tx, order, tax);
      after = totals.order;
      changes.push(...totals.changes);
    }
    await recordOrderChanges(tx, { orderId: order.id, userId: actor.id, by: actor.email, changes });
    return after;
  });
}
