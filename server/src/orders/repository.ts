/** The only code that queries the order tables. Every write of an order happens in `placeOrderRows`' transaction. */
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { findOrderInvoices } from '../invoices/invoice-rows.ts';
import {
  addresses,
  albums,
  lineItems,
  orderUpdates,
  orders,
  voucherRedemptions,
  vouchers,
} from '../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type LineItemRow = typeof lineItems.$inferSelect;
export type OrderUpdateRow = typeof orderUpdates.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface NewOrder {
  order: Omit<typeof orders.$inferInsert, 'id' | 'number' | 'createdAt'>;
  address: Omit<typeof addresses.$inferInsert, 'id' | 'orderId'>;
  lineItems: Array<Omit<typeof lineItems.$inferInsert, 'id' | 'orderId'>>;
  voucher?: { id: string; discount: number };
  /** The event date of the form becomes the album's release date (the top bar and automatic texts show it). */
  releaseDate: string;
}

/** Postgres unique violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export class VoucherUsedUp extends Error {}

/**
 * One transaction: the order, its address and line items, the first update `order_placed`, the album's
 * hasOrder/lastOrderId (updated_at too, so cached album views are renewed), and the voucher's use. The voucher's
 * `uses` goes up with a conditional UPDATE: of two parallel orders for the last use only one matches the row;
 * the other finds nothing to update and the whole order rolls back (VoucherUsedUp).
 */
export interface PlacedRows {
  order: OrderRow;
  address: AddressRow;
  lineItems: LineItemRow[];
  update: OrderUpdateRow;
}

export async function placeOrderRows(db: Db, input: NewOrder, now: Date): Promise<PlacedRows> {
  return db.transaction(async (tx) => {
    if (input.voucher) await useVoucher(tx, input.voucher.id, now);
    const [order] = await tx.insert(orders).values(input.order).returning();
    if (!order) throw new Error('order insert returned nothing');
    const [address] = await tx
      .insert(addresses)
      .values({ ...input.address, orderId: order.id })
      .returning();
    const items = await tx
      .insert(lineItems)
      .values(input.lineItems.map((item) => ({ ...item, orderId: order.id })))
      .returning();
    const [update] = await tx
      .insert(orderUpdates)
      .values({ orderId: order.id, signal: 'order_placed', userId: order.userId })
      .returning();
    if (input.voucher) {
      await tx.insert(voucherRedemptions).values({
        voucherId: input.voucher.id,
        orderId: order.id,
        userId: order.userId,
        discount: input.voucher.discount,
      });
    }
    if (order.albumId) {
      await tx
        .update(albums)
        .set({ hasOrder: true, lastOrderId: order.id, releaseDate: input.releaseDate, updatedAt: sql`now()` })
        .where(eq(albums.id, order.albumId));
    }
    return { order, address: address!, lineItems: items, update: update! };
  });
}

async function useVoucher(tx: Tx, voucherId: string, now: Date): Promise<void> {
  const used = await tx
    .update(vouchers)
    .set({ uses: sql`${vouchers.uses} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        or(isNull(vouchers.maxUses), lt(vouchers.uses, vouchers.maxUses)),
        or(isNull(vouchers.startsAt), lte(vouchers.startsAt, now)),
        or(isNull(vouchers.endsAt), gt(vouchers.endsAt, now)),
      ),
    )
    .returning({ id: vouchers.id });
  if (used.length === 0) throw new VoucherUsedUp('The voucher was used up meanwhile');
}

export interface OrderAlbumHeader {
  id: string;
  title: string;
  releaseDate: string | null;
  language: string;
  category: string | null;
  blueprintCategory: string | null;
}

/** What the checkout needs of an album (access is checked by the caller, with albumFreshness). */
export async function findOrderAlbumHeader(db: Db, id: string): Promise<OrderAlbumHeader | undefined> {
  const [row] = await db
    .select({
      id: albums.id,
      title: albums.title,
      releaseDate: albums.releaseDate,
      language: albums.language,
      category: albums.category,
      blueprintCategory: albums.blueprintCategory,
    })
    .from(albums)
    .where(eq(albums.id, id));
  return row;
}

export async function findOrderByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function listOrdersOfUser(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export interface OrderParts {
  addresses: Map<string, AddressRow>;
  lineItems: Map<string, LineItemRow[]>;
  updates: Map<string, OrderUpdateRow[]>;
  albums: Map<
    string,
    {
      id: string;
      title: string;
      releaseDate: string | null;
      language: string;
      category: string | null;
      locked: boolean;
    }
  >;
  /** The order's invoice (issue 14), when one was issued. */
  invoices?: Map<string, { status: string; number: string; hostedInvoiceUrl: string | null }>;
}

/** Address, line items, updates and album of several orders in four queries. */
export async function loadOrderParts(db: Db, list: readonly OrderRow[]): Promise<OrderParts> {
  const ids = list.map((order) => order.id);
  const albumIds = [...new Set(list.flatMap((order) => (order.albumId ? [order.albumId] : [])))];
  if (ids.length === 0)
    return { addresses: new Map(), lineItems: new Map(), updates: new Map(), albums: new Map() };
  const [addressRows, itemRows, updateRows, albumRows, invoiceRows] = await Promise.all([
    db.select().from(addresses).where(inArray(addresses.orderId, ids)),
    db.select().from(lineItems).where(inArray(lineItems.orderId, ids)).orderBy(asc(lineItems.position)),
    db
      .select()
      .from(orderUpdates)
      .where(inArray(orderUpdates.orderId, ids))
      .orderBy(asc(orderUpdates.createdAt)),
    albumIds.length === 0
      ? []
      : db
          .select({
            id: albums.id,
            title: albums.title,
            releaseDate: albums.releaseDate,
            language: albums.language,
            category: albums.category,
            locked: albums.locked,
          })
          .from(albums)
          .where(inArray(albums.id, albumIds)),
    findOrderInvoices(db, ids),
  ]);
  const group = <T extends { orderId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
    return map;
  };
  return {
    addresses: new Map(addressRows.map((row) => [row.orderId, row])),
    lineItems: group(itemRows),
    updates: group(updateRows),
    albums: new Map(albumRows.map((row) => [row.id, row])),
    invoices: invoiceRows,
  };
}

/**
 * A review step (actions/approve-print.ts, submit-review.ts): sets the album's lock only if it is in the state
 * the step starts from, and records the update, in one transaction. Answers false when the album was not in that
 * state (someone else approved or sent feedback meanwhile).
 */
export async function recordLockChange(
  db: Db,
  input: {
    orderId: string;
    albumId: string;
    from: boolean;
    to: boolean;
    signal: string;
    message: string | null;
    userId: string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(albums)
      .set({ locked: input.to, updatedAt: sql`now()` })
      .where(and(eq(albums.id, input.albumId), eq(albums.locked, input.from)))
      .returning({ id: albums.id });
    if (changed.length === 0) return false;
    await tx.insert(orderUpdates).values({
      orderId: input.orderId,
      signal: input.signal,
      message: input.message,
      userId: input.userId,
    });
    return true;
  });
}
