import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Ordering (issue 13): price tables, vouchers, orders -------------------------------------------------------------

/** Texts an admin edits per language (de, en, fr, it, pl); a missing language falls back to en, then de. */
export type TranslatedText = Partial<Record<string, string>>;

/**
 * A price list: one per currency. An album is priced by the list whose `languages` hold its language, else by the
 * default list (EUR; PLN for Polish albums, SPEC §2 "1241 zloty in Polish").
 */
export const priceLists = pgTable('price_lists', {
  id: text('id').primaryKey(),
  currency: text('currency', { enum: ['EUR', 'PLN'] }).notNull(),
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isDefault: boolean('is_default').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** album, stickerpack, stickerbox_single_variety: every album ordered carries one album and one sticker product. */
export const products = pgTable('products', {
  key: text('key').primaryKey(),
  sort: integer('sort').notNull().default(0),
  titles: jsonb('titles').$type<TranslatedText>().notNull(),
  descriptions: jsonb('descriptions').$type<TranslatedText>().notNull().default({}),
});

/** Unit price per album from `min_quantity` albums on (quantity tiers), per price list and product. */
export const productPrices = pgTable(
  'product_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productKey: text('product_key')
      .notNull()
      .references(() => products.key, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    /** Minor units (cents, groszy). */
    unitAmount: integer('unit_amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productKey, t.minQuantity] })],
);

export const shippingRates = pgTable(
  'shipping_rates',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.countryCode] })],
);

/** The checkout's extra options; inactive ones are not offered (orders keep theirs, frozen in line items). */
export const orderFeatures = pgTable('order_features', {
  key: text('key').primaryKey(),
  per: text('per', { enum: ['order', 'album'] }).notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  titles: jsonb('titles').$type<TranslatedText>().notNull(),
  descriptions: jsonb('descriptions').$type<TranslatedText>().notNull().default({}),
});

export const orderFeaturePrices = pgTable(
  'order_feature_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    featureKey: text('feature_key')
      .notNull()
      .references(() => orderFeatures.key, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.featureKey] })],
);

/** VAT per destination country in basis points (1900 = 19 %, SPEC §9 "VAT multiplier 1.19"). */
export const vatRates = pgTable('vat_rates', {
  countryCode: text('country_code').primaryKey(),
  basisPoints: integer('basis_points').notNull(),
});

/**
 * Vouchers: fixed (minor units of `currency`) or percent (basis points). `uses` counts redemptions; placing an
 * order raises it with a conditional UPDATE (`uses < max_uses`), so two parallel orders cannot both take the
 * last use.
 */
export const vouchers = pgTable('vouchers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored upper-case; codes are matched case-insensitively. */
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['fixed', 'percent'] }).notNull(),
  value: integer('value').notNull(),
  currency: text('currency', { enum: ['EUR', 'PLN'] }),
  minimumAmount: integer('minimum_amount').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  createdAt: createdAt(),
});
