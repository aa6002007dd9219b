/**
 * Reading and changing the price tables and vouchers for the admin page. Orders copy what they were priced with
 * (issue 13), so nothing here reaches a placed order; the next quote reads the changed tables (orders/price-tables.ts
 * reads them per request).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  orderFeaturePrices,
  orderFeatures,
  priceLists,
  productPrices,
  products,
  shippingRates,
  vatRates,
  vouchers,
} from '../db/schema.ts';

export async function allPriceTables(db: Db) {
  const [lists, productRows, tiers, shipping, features, featurePrices, vat] = await Promise.all([
    db.select().from(priceLists).orderBy(asc(priceLists.id)),
    db.select().from(products).orderBy(asc(products.sort), asc(products.key)),
    db
      .select()
      .from(productPrices)
      .orderBy(asc(productPrices.priceListId), asc(productPrices.productKey), asc(productPrices.minQuantity)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.priceListId), asc(shippingRates.countryCode)),
    db.select().from(orderFeatures).orderBy(asc(orderFeatures.sort), asc(orderFeatures.key)),
    db
      .select()
      .from(orderFeaturePrices)
      .orderBy(asc(orderFeaturePrices.priceListId), asc(orderFeaturePrices.featureKey)),
    db.select().from(vatRates).orderBy(asc(vatRates.countryCode)),
  ]);
  return {
    price_lists: lists.map((row) => ({ id: row.id, currency: row.currency, languages: row.languages })),
    products: productRows.map((row) => ({ key: row.key, titles: row.titles })),
    product_prices: tiers.map((row) => ({
      price_list_id: row.priceListId,
      product_key: row.productKey,
      min_quantity: row.minQuantity,
      unit_amount: row.unitAmount,
    })),
    shipping_rates: shipping.map((row) => ({
      price_list_id: row.priceListId,
      country_code: row.countryCode,
      amount: row.amount,
    })),
    order_features: features.map((row) => ({
      key: row.key,
      per: row.per,
      active: row.active,
      titles: row.titles,
    })),
    order_feature_prices: featurePrices.map((row) => ({
      price_list_id: row.priceListId,
      feature_key: row.featureKey,
      amount: row.amount,
    })),
    vat_rates: vat.map((row) => ({ country_code: row.countryCode, basis_points: row.basisPoints })),
  };
}

export type PriceChange =
  | {
      table: 'product_prices';
      price_list_id: string;
      product_key: string;
      min_quantity: number;
      unit_amount: number;
    }
  | { table: 'shipping_rates'; price_list_id: string; country_code: string; amount: number }
  | { table: 'order_feature_prices'; price_list_id: string; feature_key: string; amount: number }
  | { table: 'vat_rates'; country_code: string; basis_points: number };

/** Applies one change; false when the row it names does not exist (a price list, product or feature). */
export async function applyPriceChange(db: Db, change: PriceChange): Promise<boolean> {
  switch (change.table) {
    case 'product_prices': {
      const rows = await db
        .update(productPrices)
        .set({ unitAmount: change.unit_amount })
        .where(
          and(
            eq(productPrices.priceListId, change.price_list_id),
            eq(productPrices.productKey, change.product_key),
            eq(productPrices.minQuantity, change.min_quantity),
          ),
        )
        .returning();
      return rows.length > 0;
    }
    case 'shipping_rates': {
      const [list] = await db.select().from(priceLists).where(eq(priceLists.id, change.price_list_id));
      if (!list) return false;
      await db
        .insert(shippingRates)
        .values({
          priceListId: change.price_list_id,
          countryCode: change.country_code,
          amount: change.amount,
        })
        .onConflictDoUpdate({
          target: [shippingRates.priceListId, shippingRates.countryCode],
          set: { amount: change.amount },
        });
      return true;
    }
    case 'order_feature_prices': {
      const rows = await db
        .update(orderFeaturePrices)
        .set({ amount: change.amount })
        .where(
          and(
            eq(orderFeaturePrices.priceListId, change.price_list_id),
            eq(orderFeaturePrices.featureKey, change.feature_key),
          ),
        )
        .returning();
      return rows.length > 0;
    }
    case 'vat_rates':
      await db
        .insert(vatRates)
        .values({ countryCode: change.country_code, basisPoints: change.basis_points })
        .onConflictDoUpdate({ target: vatRates.countryCode, set: { basisPoints: change.basis_points } });
      return true;
  }
}

export type VoucherRow = typeof vouchers.$inferSelect;

export function listVouchers(db: Db): Promise<VoucherRow[]> {
  return db.select().from(vouchers).orderBy(desc(vouchers.createdAt));
}

export async function insertVoucher(
  db: Db,
  values: typeof vouchers.$inferInsert,
): Promise<VoucherRow | null> {
  const [row] = await db.insert(vouchers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Ends the voucher's window now (an already-ended window stays as it was); redeemed orders keep their discount. */
export async function deactivateVoucher(db: Db, id: string): Promise<VoucherRow | null> {
  const [row] = await db
    .update(vouchers)
    .set({ endsAt: sql`least(coalesce(${vouchers.endsAt}, now()), now())` })
    .where(eq(vouchers.id, id))
    .returning();
  return row ?? null;
}
