/** The Checkout of GET /albums/:id/checkout (docs/api-contract.md), built from a quote in the request's language. */
import {
  COUNTRIES,
  deliveryWarning,
  estimatedDeliveryDate,
  featureAmount,
  type AlbumCategory,
  type Quote,
} from '@stickerbook/model';
import type { CheckoutView, PreflightEntryView } from '@stickerbook/api';
import type { Language } from '../i18n/languages.ts';
import type { LoadedPriceList } from './price-tables.ts';
import { voucherMessage } from './texts.ts';
import { translated } from '../i18n/languages.ts';
import { formatMoney } from '../i18n/format.ts';
import { coverPreviewUrl } from '../albums/cover-preview.ts';
import { STRIPE_DAYS_UNTIL_DUE } from '../providers/stripe/stripe-invoicing.ts';

export interface CheckoutAlbum {
  id: string;
  title: string;
  releaseDate: string | null;
  language: string;
  category: string | null;
  blueprintCategory: string | null;
}

export function toCheckoutView(input: {
  album: CheckoutAlbum;
  /** The event date the delivery warning is judged against (the product step's, else the album's). */
  eventDate: string | null;
  errors: PreflightEntryView[];
  range: { min: number; max: number; default: number };
  defaultCountry: string;
  priceList: LoadedPriceList;
  quote: Quote;
  noAlbums: number;
  voucherMinimum: number;
  /** STRIPE_SECRET_KEY is set: invoices come with Stripe's hosted payment page. */
  stripeInvoices: boolean;
  language: Language;
  now: Date;
}): CheckoutView {
  const { album, quote, priceList, language } = input;
  const human = (amount: number) => formatMoney(amount, quote.currency, language);
  const catalogue = (key: string) =>
    priceList.products.get(key) ?? priceList.features.find((f) => f.key === key);
  const delivery = estimatedDeliveryDate(input.now);
  return {
    errors: input.errors,
    album: {
      id: album.id,
      title: album.title,
      release_date: album.releaseDate,
      language: album.language,
      category: album.category as AlbumCategory | null,
      cover_preview_url: coverPreviewUrl(album),
    },
    blueprint_category: album.blueprintCategory,
    no_albums_range: input.range,
    countries: [...COUNTRIES],
    default_country_code: input.defaultCountry,
    packaging_types: (['stickerpack', 'stickerbox_single_variety'] as const).map((key) => ({
      key,
      title: translated(priceList.products.get(key)?.titles ?? {}, language),
      description: translated(priceList.products.get(key)?.descriptions ?? {}, language),
    })),
    available_features: priceList.features.map((feature) => {
      const amount = featureAmount(feature, input.noAlbums);
      return {
        key: feature.key,
        title: translated(feature.titles, language),
        description: translated(feature.descriptions, language),
        amount,
        amount_human: human(amount),
      };
    }),
    currency: quote.currency,
    line_items: quote.lines.map((line) => ({
      product: line.product,
      title: translated(catalogue(line.product)?.titles ?? {}, language),
      description: translated(catalogue(line.product)?.descriptions ?? {}, language),
      quantity: line.quantity,
      unit_amount: line.unitAmount,
      amount: line.amount,
      amount_gross: line.amountGross,
      amount_human: human(line.amount),
      amount_gross_human: human(line.amountGross),
    })),
    shipping: { amount: quote.shipping, amount_human: human(quote.shipping) },
    amount: quote.amount,
    amount_gross: quote.amountGross,
    tax_value: quote.taxValue,
    amount_human: human(quote.amount),
    amount_gross_human: human(quote.amountGross),
    tax_value_human: human(quote.taxValue),
    tax_treatment: quote.taxTreatment,
    vat_basis_points: quote.vatBasisPoints,
    payment: input.stripeInvoices
      ? { method: 'stripe_hosted_invoice', due_days: STRIPE_DAYS_UNTIL_DUE }
      : { method: 'invoice_bank_transfer', due_days: null },
    voucher: quote.voucher && {
      code: quote.voucher.code,
      status: quote.voucher.status,
      error_message: voucherMessage(quote.voucher.status, language, human(input.voucherMinimum)),
      discount: quote.voucher.discount,
      discount_human: human(quote.voucher.discount),
    },
    estimated_delivery_date: delivery,
    delivery_warning: deliveryWarning(delivery, input.eventDate),
  };
}
