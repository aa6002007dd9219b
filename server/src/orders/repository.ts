/** The only code that queries the order tables. Every write of an order happens in `placeOrderRows`' transaction. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db, ExecuteSql } from '../db/database.ts';
import type { AllTables } from './price-tables.ts';
import { findOrderCreditNotes, findOrderInvoices, type InvoiceRow } from '../invoices/invoice-rows.ts';
import { addresses, albums, lineItems, orderUpdates, orders } from '../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type LineItemRow = typeof lineItems.$inferSelect;
export type OrderUpdateRow = typeof orderUpdates.$inferSelect;

export interface NewOrder {
  /** Made by the caller, so the confirmation mail can be written inside the order's transaction. */
  id: string;
  order: Omit<typeof orders.$inferInsert, 'id' | 'number' | 'createdAt' | 'stage' | 'searchText'>;
  address: Omit<typeof addresses.$inferInsert, 'id' | 'orderId'>;
  lineItems: Array<Omit<typeof lineItems.$inferInsert, 'id' | 'orderId'>>;
  voucher?: { id: string; discount: number };
  /** The event date of the form becomes the album's release date (the top bar and automatic texts show it). */
  releaseDate: string;
}

/** What a new order's caller needs back from the database: the rest it wrote itself. */
export interface PlacedRows {
  id: string;
  /** The order number customers quote (an identity column). */
  number: number;
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
 * The driver under Drizzle. The two statements of an order go to it directly: they are written out as SQL anyway,
 * and on PGlite Drizzle hands its own type parsers with every query, which PGlite copies per query (see
 * album-store/albums.ts albumFreshness).
 */
function clientOf(db: Db): PGlite | pg.Pool {
  return (db as unknown as { $client: PGlite | pg.Pool }).$client;
}

/** `work` inside one transaction of the database, with the transaction's `ExecuteSql` (pg-boss's `db` shape). */
async function inTransaction<T>(db: Db, work: (execute: ExecuteSql) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof PGlite) {
    return client.transaction((tx) =>
      work(async (text, values) => ({ rows: (await tx.query<Record<string, unknown>>(text, values)).rows })),
    );
  }
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('begin');
    const result = await work(async (text, values) => ({
      rows: (await connection.query<Record<string, unknown>>(text, values)).rows,
    }));
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    connection.release(broken);
  }
}

/**
 * Every row of a new order in one statement, the function place_order (migrations 0021_orders-hot-path and
 * 0023_place-order-tax, which adds the buyer's tax data): the
 * voucher's use, the order, its address and line items, the first update `order_placed`, the redemption, and the
 * album's hasOrder/lastOrderId/release date (updated_at too, so cached album views are renewed). The voucher's
 * `uses` goes up with a conditional UPDATE: of two parallel orders for the last use only one matches the row; the
 * other writes nothing, gets no order number back, and is answered VoucherUsedUp. The input is one JSON value
 * with the tables' column names.
 */
const PLACE_ORDER_SQL = 'select place_order($1::jsonb) as number';

/**
 * One transaction: the order's rows (PLACE_ORDER_SQL) and then `queue`, given the new order and the transaction,
 * so what it writes (the confirmation mail's job) commits with the order or not at all.
 */
export async function placeOrderRows(
  db: Db,
  input: NewOrder,
  now: Date,
  queue: (placed: PlacedRows, execute: ExecuteSql) => Promise<void>,
): Promise<PlacedRows> {
  const { order, address } = input;
  const json = {
    voucher_id: input.voucher?.id ?? null,
    discount: input.voucher?.discount ?? 0,
    now: now.toISOString(),
    release_date: input.releaseDate,
    order: {
      id: input.id,
      user_id: order.userId,
      album_id: order.albumId ?? null,
      language: order.language,
      currency: order.currency,
      subtotal: order.subtotal,
      shipping_amount: order.shippingAmount,
      amount: order.amount,
      amount_gross: order.amountGross,
      tax_value: order.taxValue,
      vat_basis_points: order.vatBasisPoints,
      no_albums: order.noAlbums,
      sticker_packaging_type: order.stickerPackagingType,
      order_features: order.orderFeatures ?? [],
      email: order.email,
      phone: order.phone ?? null,
      comment: order.comment ?? null,
      quote_name: order.quoteName ?? null,
      release_date: order.releaseDate,
      voucher: order.voucher ?? null,
      buyer_vat_id: order.buyerVatId ?? null,
      buyer_reference: order.buyerReference ?? null,
      tax_treatment: order.taxTreatment ?? 'standard',
      idempotency_key: order.idempotencyKey,
      request_hash: order.requestHash,
    },
    address: {
      organization: address.organization ?? null,
      first_name: address.firstName,
      last_name: address.lastName,
      address1: address.address1,
      address2: address.address2 ?? null,
      zip_code: address.zipCode,
      city: address.city,
      country_code: address.countryCode,
      phone: address.phone ?? null,
    },
    line_items: input.lineItems.map((item) => ({
      position: item.position,
      product: item.product,
      kind: item.kind,
      titles: item.titles,
      descriptions: item.descriptions ?? {},
      quantity: item.quantity,
      unit_amount: item.unitAmount,
      amount: item.amount,
      amount_gross: item.amountGross,
    })),
  };
  return inTransaction(db, async (execute) => {
    const { rows } = await execute(PLACE_ORDER_SQL, [JSON.stringify(json)]);
    const number = (rows[0] as { number: number | null } | undefined)?.number;
    if (number === null || number === undefined) throw new VoucherUsedUp('The voucher was used up meanwhile');
    const placed = { id: input.id, number };
    await queue(placed, execute);
    return placed;
  });
}

/** The fields of an order that answer POST /orders, also for a replayed request. */
export type OrderSummary = Pick<
  OrderRow,
  'id' | 'amount' | 'amountGross' | 'currency' | 'albumId' | 'releaseDate' | 'requestHash'
>;

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

export interface OrderStart {
  /** The order placed earlier with this Idempotency-Key, if any. */
  existing: OrderSummary | null;
  album: OrderAlbumHeader | null;
  /** All price tables, read fresh: an order is never priced from a cached copy. */
  tables: AllTables;
}

const ORDER_START_SQL = 'select order_start($1::uuid, $2, $3)::text as start';

/**
 * What placing an order reads besides the album's access and preflight, in one statement (the function
 * order_start, migration 0021_orders-hot-path): an earlier order with the same Idempotency-Key, the album's
 * fields, and the price tables.
 */
export async function loadOrderStart(
  db: Db,
  input: { userId: string; idempotencyKey: string; albumId: string },
): Promise<OrderStart> {
  const params = [input.userId, input.idempotencyKey, input.albumId];
  const client = clientOf(db);
  const { rows } =
    client instanceof PGlite
      ? await client.query<{ start: string }>(ORDER_START_SQL, params)
      : await client.query<{ start: string }>(ORDER_START_SQL, params);
  return JSON.parse(rows[0]!.start) as OrderStart;
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
  invoices?: Map<string, OrderDocumentRow & { creditNote: OrderDocumentRow | null }>;
  /** The credit note that corrected it, when there is one. */
  creditNotes?: Map<string, OrderDocumentRow>;
}

/** What the order view shows of an invoice or credit note. */
export type OrderDocumentRow = Pick<
  InvoiceRow,
  'status' | 'number' | 'hostedInvoiceUrl' | 'issuedAt' | 'grossAmount' | 'currency' | 'data'
>;

/** Address, line items, updates, album, invoice and credit note of several orders in six queries. */
export async function loadOrderParts(db: Db, list: readonly OrderRow[]): Promise<OrderParts> {
  const ids = list.map((order) => order.id);
  const albumIds = [...new Set(list.flatMap((order) => (order.albumId ? [order.albumId] : [])))];
  if (ids.length === 0)
    return { addresses: new Map(), lineItems: new Map(), updates: new Map(), albums: new Map() };
  const [addressRows, itemRows, updateRows, albumRows, invoiceRows, creditNoteRows] = await Promise.all([
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
    findOrderCreditNotes(db, ids),
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
    creditNotes: creditNoteRows,
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
