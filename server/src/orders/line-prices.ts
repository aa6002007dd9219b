/**
 * Prices for a line an admin adds or swaps to another product: today's catalogue entry and unit price in the
 * order's price list (a new line is a new sale). A quantity change of the same product keeps its frozen price.
 */
import { unitAmountFor, type ProductKey } from '@stickerbook/model';
import type { TranslatedText } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { loadPriceList } from './price-tables.ts';
import type { OrderRow } from './repository.ts';

export interface CurrentPrice {
  entry: { titles: TranslatedText; descriptions: TranslatedText };
  unitAmount: number;
  kind: 'feature' | 'product';
}

export async function currentPrice(
  db: Db,
  order: OrderRow,
  key: string,
  count: number,
): Promise<CurrentPrice> {
  const list = await loadPriceList(db, order.language);
  const feature = list.features.find((f) => f.key === key);
  const tiers = Object.hasOwn(list.tables.products, key)
    ? list.tables.products[key as ProductKey]
    : undefined;
  const unitAmount = feature ? feature.amount : tiers ? unitAmountFor(tiers, count) : undefined;
  const entry = feature ?? list.products.get(key);
  if (!entry || unitAmount === undefined || list.tables.currency !== order.currency) {
    throw new AppError(400, 'PRODUCT_UNKNOWN', 'There is no price for this product', { product: key });
  }
  return { entry, unitAmount, kind: feature ? 'feature' : 'product' };
}
