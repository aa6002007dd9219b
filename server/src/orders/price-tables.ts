/**
 * Loads the price tables of one price list (issue 13: prices are data) in the shape packages/model `quoteOrder`
 * takes, with the translated titles the checkout shows. Read per request: an admin's change to a price applies to
 * the next quote on every instance, and an order copies what it was priced with.
 */
import {
  currencyForLanguage,
  type PriceTables,
  type PriceTier,
  type ProductKey,
  type Voucher,
} from '@stickerbook/model';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { vouchers, type TranslatedText } from '../db/schema.ts';

interface CatalogueEntry {
  key: string;
  titles: TranslatedText;
  descriptions: TranslatedText;
}

export interface LoadedPriceList {
  priceListId: string;
  tables: PriceTables;
  products: Map<string, CatalogueEntry>;
  /** Active features in display order, with their price in this list. */
  features: Array<CatalogueEntry & { per: 'order' | 'album'; amount: number }>;
}

/**
 * Every price table in one statement (one round trip instead of six: the checkout quote is on the hot path of
 * the slider): the function price_tables_json (migration 0021_orders-hot-path; a function, so its plan is made
 * once per connection) answers them as JSON, picked apart by `priceListFromTables`.
 */
const PRICE_TABLES_SQL = sql`select price_tables_json()::text as tables`;

/** The value of price_tables_json(). */
export interface AllTables {
  lists: Array<{ id: string; currency: 'EUR' | 'PLN'; languages: string[]; isDefault: boolean }>;
  tiers: Array<{ list: string; product: string; min: number; unit: number }>;
  products: CatalogueEntry[];
  shipping: Array<{ list: string; country: string; amount: number }>;
  features: Array<CatalogueEntry & { per: 'order' | 'album'; list: string; amount: number }>;
  vat: Array<{ country: string; bp: number }>;
}

/** The list for the album language (EUR; PLN for Polish), else the default list. */
function priceListFor(lists: AllTables['lists'], language: string) {
  const currency = currencyForLanguage(language);
  return (
    lists.find((row) => row.languages.includes(language)) ??
    lists.find((row) => row.currency === currency) ??
    lists.find((row) => row.isDefault) ??
    lists[0]
  );
}

export async function loadPriceList(db: Db, language: string): Promise<LoadedPriceList> {
  const result = (await db.execute(PRICE_TABLES_SQL)) as unknown as
    { rows: Array<{ tables: string }> } | Array<{ tables: string }>;
  const rows = Array.isArray(result) ? result : result.rows;
  return priceListFromTables(JSON.parse(rows[0]!.tables) as AllTables, language);
}

/** The price list for an album language out of all tables, in the shape `quoteOrder` takes. */
export function priceListFromTables(all: AllTables, language: string): LoadedPriceList {
  const list = priceListFor(all.lists, language);
  if (!list) throw new Error('No price list is configured');
  const tiers: Record<ProductKey, PriceTier[]> = {
    album: [],
    stickerpack: [],
    stickerbox_single_variety: [],
  };
  for (const row of all.tiers) {
    if (row.list === list.id && Object.hasOwn(tiers, row.product)) {
      tiers[row.product as ProductKey].push({ minQuantity: row.min, unitAmount: row.unit });
    }
  }
  const features = all.features
    .filter((row) => row.list === list.id)
    .map(({ key, per, titles, descriptions, amount }) => ({ key, per, titles, descriptions, amount }));
  return {
    priceListId: list.id,
    tables: {
      currency: list.currency,
      products: tiers,
      shipping: Object.fromEntries(
        all.shipping.filter((row) => row.list === list.id).map((row) => [row.country, row.amount]),
      ),
      features: features.map(({ key, per, amount }) => ({ key, per, amount })),
      vatBasisPoints: Object.fromEntries(all.vat.map((row) => [row.country, row.bp])),
    },
    products: new Map(all.products.map((row) => [row.key, row])),
    features,
  };
}

export type VoucherRow = typeof vouchers.$inferSelect;

export async function findVoucherByCode(db: Db, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.code, sql`upper(trim(${code}))`));
  return row;
}

export function toModelVoucher(row: VoucherRow): Voucher {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    minimumAmount: row.minimumAmount,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses,
    uses: row.uses,
  };
}

/**
 * The live quote reads the price tables through this cache: at 20 clients moving sliders, running the tables'
 * statement on every quote costs more than everything else of the quote together (PGlite runs SQL in
 * WebAssembly on the event loop). A change of the tables reaches quotes within `ttlMs` on every instance;
 * placing an order always reads the tables fresh, so an order is never priced from a stale copy.
 */
export class PriceListCache {
  private readonly entries = new Map<string, { loadedAt: number; list: Promise<LoadedPriceList> }>();

  constructor(private readonly ttlMs = 2_000) {}

  get(db: Db, language: string, now = Date.now()): Promise<LoadedPriceList> {
    const cached = this.entries.get(language);
    if (cached && now - cached.loadedAt < this.ttlMs) return cached.list;
    const list = loadPriceList(db, language);
    this.entries.set(language, { loadedAt: now, list });
    // A failed load is not kept: the next quote tries again.
    list.catch(() => this.entries.delete(language));
    return list;
  }

  /** Forgets every copy: an order found the tables changed, so the next quote reads them again. */
  clear(): void {
    this.entries.clear();
  }
}
