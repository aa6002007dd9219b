import { estimatedDeliveryDate } from '@stickerbook/model';
import type { SellerConfig } from '../config/index.ts';
import type { AddressRow, LineItemRow, OrderRow } from '../orders/repository.ts';
import { translated, type Translations } from '../i18n/languages.ts';
import type { DocumentLanguage } from '../i18n/format.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import type { InvoiceAllowance, InvoiceData, InvoiceDelivery, InvoiceLine } from './invoice-data.ts';
import { INVOICE_LABELS } from './invoice-labels.ts';
import { orderName } from '../orders/view.ts';

/** The document language of an order: its album language when the documents speak it, else German. */
export function documentLanguage(order: OrderRow): DocumentLanguage {
  return (LANGUAGES as readonly string[]).includes(order.language)
    ? (order.language as DocumentLanguage)
    : 'de';
}

/**
 * Maps an order's frozen line items and shipping to invoice lines: each keeps its quantity and unit price (gift
 * wrapping × 50). Only a line whose amount is not quantity × unit price (a package price: 100 € for 3) becomes one
 * line of quantity 1 at that price, titled with its quantity. The voucher is not folded into the lines: it is a
 * document-level allowance (orderInvoiceAllowances).
 */
function orderInvoiceLines(
  order: OrderRow,
  items: readonly LineItemRow[],
  shippingTitle: string,
): InvoiceLine[] {
  const language = documentLanguage(order);
  const rate = order.vatBasisPoints / 100;
  const lines: InvoiceLine[] = items.map((item) => {
    const title = translated(item.titles, language);
    const description = translated(item.descriptions, language) || undefined;
    return item.quantity * item.unitAmount === item.amount
      ? { title, description, quantity: item.quantity, unitNetMinor: item.unitAmount, vatRatePercent: rate }
      : {
          title: `${item.quantity} × ${title}`,
          description,
          quantity: 1,
          unitNetMinor: item.amount,
          vatRatePercent: rate,
        };
  });
  if (order.shippingAmount > 0) {
    lines.push({
      title: shippingTitle,
      quantity: 1,
      unitNetMinor: order.shippingAmount,
      vatRatePercent: rate,
    });
  }
  // Staff's price agreed above the list price: a line of its own (a reduction is an allowance, below).
  if (order.priceAdjustment > 0) {
    lines.push({
      title: PRICE_ADJUSTMENT[language].charge,
      quantity: 1,
      unitNetMinor: order.priceAdjustment,
      vatRatePercent: rate,
    });
  }
  return lines;
}

/**
 * The voucher as a document-level allowance (EN 16931 BG-20) at the order's rate, with a reason in the order's
 * language ("Gutschein WILLKOMMEN10"). The order's net (orderTotals) is lines + shipping − discount, and VAT on
 * that net, rounded half up: exactly what the invoice computes per rate.
 */
function orderInvoiceAllowances(order: OrderRow): InvoiceAllowance[] {
  const language = documentLanguage(order);
  const rate = order.vatBasisPoints / 100;
  const voucher = order.voucher;
  const allowances: InvoiceAllowance[] = [];
  if (voucher && voucher.discount > 0)
    allowances.push({
      reason: INVOICE_LABELS[language].voucher(voucher.code),
      code: voucher.code,
      amountMinor: voucher.discount,
      vatRatePercent: rate,
    });
  // Staff's price agreed below the list price (SPEC §7 PATCH amount): taken off like the voucher.
  if (order.priceAdjustment < 0)
    allowances.push({
      reason: PRICE_ADJUSTMENT[language].allowance,
      amountMinor: -order.priceAdjustment,
      vatRatePercent: rate,
    });
  return allowances;
}

/** Staff's price adjustment on the invoice: a line when it adds, an allowance when it takes off. */
const PRICE_ADJUSTMENT: Translations<{ charge: string; allowance: string }> = {
  de: { charge: 'Preisanpassung', allowance: 'Preisnachlass' },
  en: { charge: 'Price adjustment', allowance: 'Price reduction' },
  fr: { charge: 'Ajustement de prix', allowance: 'Remise' },
  it: { charge: 'Adeguamento del prezzo', allowance: 'Sconto' },
  pl: { charge: 'Korekta ceny', allowance: 'Obniżka ceny' },
};

/**
 * When the goods were or will be delivered (§14 Abs. 4 Nr. 6 UStG): the day the albums were shipped (the order's
 * `albums_shipped` update) once they were; before that the planned day, the model's delivery estimate from the day
 * of ordering (SPEC §9, 2 months), or the issue day if that estimate has passed. Never the album's event date.
 */
export function orderDelivery(
  order: Pick<OrderRow, 'createdAt'>,
  shippedAt: Date | string | null | undefined,
  issueDate: string,
): InvoiceDelivery {
  if (shippedAt) {
    return { date: new Date(shippedAt).toISOString().slice(0, 10), kind: 'actual' };
  }
  const estimate = estimatedDeliveryDate(new Date(order.createdAt));
  return { date: estimate < issueDate ? issueDate : estimate, kind: 'planned' };
}

const SHIPPING: Translations<string> = {
  de: 'Versand',
  en: 'Shipping',
  fr: 'Livraison',
  it: 'Spedizione',
  pl: 'Wysyłka',
};

export function orderInvoiceData(input: {
  order: OrderRow;
  address: AddressRow | undefined;
  items: readonly LineItemRow[];
  seller: SellerConfig;
  number: string;
  issueDate: string;
  /** When the order's `albums_shipped` update was recorded, if it was. */
  shippedAt?: Date | string | null;
  corrected?: { number: string; issueDate: string };
}): InvoiceData {
  const { order, address } = input;
  const language = documentLanguage(order);
  const allowances = orderInvoiceAllowances(order);
  return {
    number: input.number,
    kind: input.corrected ? 'credit_note' : 'invoice',
    correctedInvoice: input.corrected,
    issueDate: input.issueDate,
    delivery: orderDelivery(order, input.shippedAt, input.issueDate),
    orderNumber: orderName(order.number),
    language,
    taxTreatment: order.taxTreatment,
    buyerReference: order.buyerReference ?? undefined,
    seller: input.seller,
    buyer: {
      name: address ? `${address.firstName} ${address.lastName}` : order.email,
      organization: address?.organization ?? undefined,
      address: {
        line1: address?.address1 ?? '',
        line2: address?.address2 ?? undefined,
        postCode: address?.zipCode ?? '',
        city: address?.city ?? '',
        countryCode: address?.countryCode ?? '',
      },
      email: order.email,
      vatId: order.buyerVatId ?? undefined,
    },
    currency: order.currency,
    lines: orderInvoiceLines(order, input.items, SHIPPING[language]),
    ...(allowances.length > 0 ? { allowances } : {}),
    totals: { netMinor: order.amount, vatMinor: order.taxValue, grossMinor: order.amountGross },
  };
}
