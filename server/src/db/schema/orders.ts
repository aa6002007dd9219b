import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { albums } from './albums.ts';
import { vouchers, type TranslatedText } from './prices.ts';
import { users } from './users.ts';
import { createdAt } from './columns.ts';

export interface OrderVoucherSnapshot {
  code: string;
  kind: 'fixed' | 'percent';
  value: number;
  discount: number;
}

/**
 * An order freezes everything it was priced with (issue 13): amounts, currency, VAT rate, voucher and line items
 * are copied, never looked up again, so later price-list changes leave it alone. `idempotency_key` is unique per
 * user; `request_hash` tells a retried request (same body) from a key reused for another order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order number customers quote: 10001, 10002, ... */
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 10001 }),
    /**
     * The customer's account; null once the account was deleted (GDPR Art. 17): the order and its invoices stay
     * for the retention period (§147 AO), with nothing of the person but the invoice's name and address
     * (accounts/delete-account.ts).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    albumId: text('album_id').references(() => albums.id, { onDelete: 'set null' }),
    /**
     * The album's title, kept when the album is deleted (a trigger, migration 0026): the order still names what
     * was ordered, on the customer's pages, the admin's and the documents.
     */
    albumTitle: text('album_title'),
    /** The album language when ordered: the mail and the price list follow it. */
    language: text('language').notNull(),
    currency: text('currency', { enum: ['EUR', 'PLN'] }).notNull(),
    subtotal: integer('subtotal').notNull(),
    shippingAmount: integer('shipping_amount').notNull(),
    /** Staff's signed net price adjustment (SPEC §7 PATCH amount/amount_gross), added after the voucher. */
    priceAdjustment: integer('price_adjustment').notNull().default(0),
    amount: integer('amount').notNull(),
    amountGross: integer('amount_gross').notNull(),
    taxValue: integer('tax_value').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    noAlbums: integer('no_albums').notNull(),
    stickerPackagingType: text('sticker_packaging_type').notNull(),
    orderFeatures: text('order_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text('email').notNull(),
    phone: text('phone'),
    comment: text('comment'),
    quoteName: text('quote_name'),
    releaseDate: text('release_date').notNull(),
    voucher: jsonb('voucher').$type<OrderVoucherSnapshot>(),
    /** The buyer's VAT id (a company's), checked for format and check digit; with an EU country it means reverse charge. */
    buyerVatId: text('buyer_vat_id'),
    /** The public buyer's Leitweg-ID (XRechnung BT-10); with it, invoices are XRechnung. */
    buyerReference: text('buyer_reference'),
    /** How VAT applies (model pricing/tax.ts), frozen when placed like the rate it sets. */
    taxTreatment: text('tax_treatment', { enum: ['standard', 'reverse_charge', 'export'] })
      .notNull()
      .default('standard'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /**
     * The admin dashboard's scope (issue 14): review → transfer → shipment → shipped, kept by a trigger on
     * order_updates (migration `dashboard`), so a scope is an index range, not a probe into every timeline.
     */
    stage: text('stage', { enum: ['review', 'transfer', 'shipment', 'shipped'] })
      .notNull()
      .default('review'),
    /** Lower-case number, e-mail, names, organisation, album title and identifier; kept by triggers. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_album_idx').on(t.albumId),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_release_idx').on(t.releaseDate, t.id),
    index('orders_stage_created_idx').on(t.stage, t.createdAt, t.id),
    index('orders_stage_release_idx').on(t.stage, t.releaseDate, t.id),
    index('orders_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('voucher_redemptions_voucher_idx').on(t.voucherId)],
);

/** The shipping address of an order (SPEC §3 Address). */
export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  organization: text('organization'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  zipCode: text('zip_code').notNull(),
  city: text('city').notNull(),
  countryCode: text('country_code').notNull(),
  phone: text('phone'),
});

/** Frozen line items: product key, the product's titles in every language and the amounts when ordered. */
export const lineItems = pgTable(
  'line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product: text('product').notNull(),
    kind: text('kind', { enum: ['product', 'feature'] }).notNull(),
    titles: jsonb('titles').$type<TranslatedText>().notNull(),
    descriptions: jsonb('descriptions').$type<TranslatedText>().notNull().default({}),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    amountGross: integer('amount_gross').notNull(),
  },
  (t) => [index('line_items_order_idx').on(t.orderId, t.position)],
);

/**
 * The order's history (SPEC §3 Order update): every state change is a new row, never an edit of the order.
 * `signal` is one of the SPEC §4 signals or order_placed / print_approved.
 */
export const orderUpdates = pgTable(
  'order_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    signal: text('signal').notNull(),
    message: text('message'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_updates_order_idx').on(t.orderId, t.createdAt)],
);

/** Staff notes on an order (SPEC §3 Order comment); admin-only like the whole back office. */
export const orderComments = pgTable(
  'order_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's e-mail when written, shown beside the comment. */
    email: text('email').notNull(),
    content: text('content').notNull(),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId, t.createdAt)],
);
