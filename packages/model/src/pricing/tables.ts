/**
 * The price tables a quote is computed from. They are data (seeded database tables an admin can change without a
 * deploy); this is their shape once loaded for one price list. One list per currency: EUR, and PLN for Polish.
 */
import type { STICKER_PACKAGING_TYPES } from '../constants.ts';
import type { Currency } from './money.ts';

export type PackagingType = (typeof STICKER_PACKAGING_TYPES)[number];
export type ProductKey = 'album' | PackagingType;
export const PRODUCT_KEYS = ['album', 'stickerpack', 'stickerbox_single_variety'] as const;

/** From `minQuantity` albums on, one unit costs `unitAmount` (until the next tier starts). */
export interface PriceTier {
  minQuantity: number;
  unitAmount: number;
}

/** An extra order feature ("extra options"): a fixed amount per order or per album. */
interface OrderFeaturePrice {
  key: string;
  per: 'order' | 'album';
  amount: number;
}

export interface Voucher {
  code: string;
  kind: 'fixed' | 'percent';
  /** Minor units for `fixed`, basis points (1000 = 10 %) for `percent`. */
  value: number;
  /** The currency of a fixed value and of the minimum; null = any price list (percent vouchers). */
  currency: Currency | null;
  /** Net amount (incl. shipping, before the discount) the order must reach. */
  minimumAmount: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** null = unlimited; 1 = single use. */
  maxUses: number | null;
  uses: number;
}

export interface PriceTables {
  currency: Currency;
  /** Per album: the album itself, and its stickers as packs or as a single-variety box. Tiers by album count. */
  products: Record<ProductKey, readonly PriceTier[]>;
  /** Shipping per country code, per order. */
  shipping: Readonly<Record<string, number>>;
  features: readonly OrderFeaturePrice[];
  /** VAT per country code in basis points (1900 = 19 %). */
  vatBasisPoints: Readonly<Record<string, number>>;
  /** Vouchers the request may name (the server passes the one matching the code, if any). */
  vouchers?: readonly Voucher[];
}

/** The unit price of the tier that holds `quantity`: the last tier whose minimum it reaches. */
export function unitAmountFor(tiers: readonly PriceTier[], quantity: number): number | undefined {
  let unit: number | undefined;
  let reached = -Infinity;
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity && tier.minQuantity > reached) {
      unit = tier.unitAmount;
      reached = tier.minQuantity;
    }
  }
  return unit;
}
