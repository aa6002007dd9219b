/** Writes of the order administration; reads go through orders/repository.ts like every order read. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { addresses, albums, orderUpdates, orders, voucherRedemptions, vouchers } from '../db/schema.ts';
import type { OrderRow } from './repository.ts';

/**
 * Adds a staff signal unless the order already has it (SPEC §4), in one transaction that first locks the order
 * row, so two admins pressing the button at once add it once. Answers false when it was already there.
 */
export async function addStaffUpdate(
  db: Db,
  input: {
    orderId: string;
    signal: string;
    message: string | null;
    metadata: Record<string, unknown>;
    userId: string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${input.orderId} for update`);
    const present = await tx
      .select({ id: orderUpdates.id })
      .from(orderUpdates)
      .where(and(eq(orderUpdates.orderId, input.orderId), eq(orderUpdates.signal, input.signal)))
      .limit(1);
    if (present.length > 0) return false;
    await tx.insert(orderUpdates).values(input);
    return true;
  });
}

export async function updateOrderDetails(
  db: Db,
  orderId: string,
  change: { email?: string; comment?: string | null; phone?: string | null },
): Promise<OrderRow | undefined> {
  if (Object.keys(change).length === 0) return undefined;
  const [row] = await db.update(orders).set(change).where(eq(orders.id, orderId)).returning();
  return row;
}

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

/** Answers the address's order id, or undefined when there is no such address. */
export async function updateAddress(
  db: Db,
  addressId: string,
  change: Partial<Record<keyof typeof ADDRESS_COLUMNS, string | null>>,
): Promise<string | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(addressId)) return undefined;
  const set = Object.fromEntries(
    Object.entries(change)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [ADDRESS_COLUMNS[key as keyof typeof ADDRESS_COLUMNS], value]),
  );
  const query =
    Object.keys(set).length === 0
      ? db.select({ orderId: addresses.orderId }).from(addresses).where(eq(addresses.id, addressId))
      : db
          .update(addresses)
          .set(set)
          .where(eq(addresses.id, addressId))
          .returning({ orderId: addresses.orderId });
  const [row] = await query;
  return row?.orderId;
}

/**
 * Deletes an order with everything that belongs to it (address, lines, updates, comments go by cascade), gives
 * its voucher use back, and leaves the album as if the order had never been placed: `hasOrder` and
 * `lastOrderId` follow the album's remaining orders (updated_at too, so cached album views are renewed).
 */
export async function deleteOrder(db: Db, order: OrderRow): Promise<void> {
  await db.transaction(async (tx) => {
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
