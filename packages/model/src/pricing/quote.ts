/**
 * The one place prices are computed (issue 13): price tables plus a checkout request give line items, shipping,
 * the voucher result, net, VAT and gross. The server calls it for the live quote and again when an order is placed
 * (amounts sent by a client are never trusted); the browser only shows what the server answers.
 *
 * Rules: every album carries one album line and one sticker line (packs or a single-variety box), priced by the
 * album-count tier; extra features cost a fixed amount per order or per album; shipping is per order and country.
 * The voucher is taken off the net amount including shipping. The VAT rate follows the buyer (tax.ts): the country's
 * table rate, or none under reverse charge and for exports. VAT is the net total's VAT rounded half up
 * (totals.ts); each line's gross is shown rounded the same way, so line grosses need not add up to the total's.
 */
import { type Currency } from './money.ts';
import { taxTreatmentFor, vatBasisPointsFor, type TaxTreatment } from './tax.ts';
import { grossOf, orderTotals } from './totals.ts';
import { unitAmountFor, type PackagingType, type PriceTables } from './tables.ts';
import { applyVoucher, type VoucherResult } from './vouchers.ts';

export interface QuoteRequest {
  noAlbums: number;
  packaging: PackagingType;
  countryCode: string;
  features: readonly string[];
  voucherCode?: string | null;
  /** The buyer's VAT id, already checked (rules/checkout.ts): with it, an EU business abroad pays no VAT. */
  vatId?: string | null;
  now: Date;
}

interface QuoteLine {
  /** 'album', 'stickerpack', 'stickerbox_single_variety' or an order feature key. */
  product: string;
  kind: 'product' | 'feature';
  quantity: number;
  unitAmount: number;
  amount: number;
  amountGross: number;
}

export interface Quote {
  currency: Currency;
  lines: QuoteLine[];
  shipping: number;
  /** Net of lines and shipping, before the voucher. */
  subtotal: number;
  voucher: VoucherResult | null;
  /** Net including shipping after the voucher. */
  amount: number;
  amountGross: number;
  taxValue: number;
  /** The rate charged: the VAT table's rate of the country under `standard`, 0 otherwise (tax.ts). */
  vatBasisPoints: number;
  taxTreatment: TaxTreatment;
}

type QuoteField = 'noAlbums' | 'stickerPackagingType' | 'countryCode' | 'orderFeatures';
export type QuoteErrorCode =
  'ALBUM_COUNT_INVALID' | 'PACKAGING_UNKNOWN' | 'COUNTRY_NOT_SUPPORTED' | 'FEATURE_UNKNOWN' | 'PRICE_MISSING';

export type QuoteResult =
  { ok: true; quote: Quote } | { ok: false; errors: Partial<Record<QuoteField, QuoteErrorCode>> };

export function quoteOrder(tables: PriceTables, request: QuoteRequest): QuoteResult {
  const errors: Partial<Record<QuoteField, QuoteErrorCode>> = {};
  const count = request.noAlbums;
  if (!Number.isSafeInteger(count) || count < 1) errors.noAlbums = 'ALBUM_COUNT_INVALID';
  const albumUnit = unitAmountFor(tables.products.album, count);
  const stickerTiers = Object.hasOwn(tables.products, request.packaging)
    ? tables.products[request.packaging]
    : undefined;
  const stickerUnit = stickerTiers ? unitAmountFor(stickerTiers, count) : undefined;
  if (!stickerTiers) errors.stickerPackagingType = 'PACKAGING_UNKNOWN';
  else if ((albumUnit === undefined || stickerUnit === undefined) && !errors.noAlbums)
    errors.noAlbums = 'PRICE_MISSING';
  const shipping = own(tables.shipping, request.countryCode);
  const vat = own(tables.vatBasisPoints, request.countryCode);
  if (shipping === undefined || vat === undefined) errors.countryCode = 'COUNTRY_NOT_SUPPORTED';
  const features = uniqueInOrder(request.features).map((key) => tables.features.find((f) => f.key === key));
  if (features.some((feature) => feature === undefined)) errors.orderFeatures = 'FEATURE_UNKNOWN';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const taxTreatment = taxTreatmentFor({ countryCode: request.countryCode, vatId: request.vatId });
  const vatBasisPoints = vatBasisPointsFor(taxTreatment, vat as number);
  const line = (
    product: string,
    kind: QuoteLine['kind'],
    quantity: number,
    unitAmount: number,
  ): QuoteLine => {
    const amount = quantity * unitAmount;
    return { product, kind, quantity, unitAmount, amount, amountGross: grossOf(amount, vatBasisPoints) };
  };
  const lines = [line('album', 'product', count, albumUnit as number)];
  lines.push(line(request.packaging, 'product', count, stickerUnit as number));
  for (const feature of features) {
    if (!feature) continue;
    lines.push(line(feature.key, 'feature', feature.per === 'album' ? count : 1, feature.amount));
  }
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0) + (shipping as number);
  const code = request.voucherCode?.trim();
  const voucher = code
    ? applyVoucher(tables.vouchers ?? [], code, { currency: tables.currency, subtotal, now: request.now })
    : null;
  const totals = orderTotals({
    lineAmounts: lines.map((l) => l.amount),
    shipping: shipping as number,
    discountFor: () => voucher?.discount ?? 0,
    vatBasisPoints,
  });
  return {
    ok: true,
    quote: {
      currency: tables.currency,
      lines,
      shipping: shipping as number,
      subtotal: totals.subtotal,
      voucher,
      amount: totals.amount,
      amountGross: totals.amountGross,
      taxValue: totals.taxValue,
      vatBasisPoints,
      taxTreatment,
    },
  };
}

/** What choosing a feature adds to the net amount at this album count (the checkout's option cards). */
export function featureAmount(feature: { per: 'order' | 'album'; amount: number }, noAlbums: number): number {
  return feature.per === 'album' ? feature.amount * noAlbums : feature.amount;
}

function own(record: Readonly<Record<string, number>>, key: string): number | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function uniqueInOrder(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}
