import type { SellerConfig } from '../config/index.ts';
import type { AddressRow, LineItemRow, OrderRow } from '../orders/repository.ts';
import { translated } from '../orders/texts.ts';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../pdf/format.ts';
import type { InvoiceData, InvoiceLine } from './invoice-data.ts';

/** The document language of an order: its album language when the documents speak it, else German. */
export function documentLanguage(order: OrderRow): DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly string[]).includes(order.language)
    ? (order.language as DocumentLanguage)
    : 'de';
}

/**
 * Maps an order's frozen line items, shipping and voucher to invoice lines. A line whose amount is not exactly
 * quantity × unit price (a package price) becomes one line of quantity 1. The voucher is taken off the net
 * including shipping (pricing, SPEC §5); invoice lines cannot be negative, so it is deducted from the last lines
 * first and the reduced lines name the voucher — the net total then equals the order's net exactly.
 */
export function orderInvoiceLines(order: OrderRow, items: readonly LineItemRow[], shippingTitle: string): InvoiceLine[] {
  const language = documentLanguage(order);
  const rate = order.vatBasisPoints / 100;
  const lines: InvoiceLine[] = items.map((item) => {
    const title = translated(item.titles, language);
    const description = translated(item.descriptions, language) || undefined;
    return item.quantity * item.unitAmount === item.amount
      ? { title, description, quantity: item.quantity, unitNetMinor: item.unitAmount, vatRatePercent: rate }
      : { title: `${item.quantity} × ${title}`, description, quantity: 1, unitNetMinor: item.amount, vatRatePercent: rate };
  });
  if (order.shippingAmount > 0) {
    lines.push({ title: shippingTitle, quantity: 1, unitNetMinor: order.shippingAmount, vatRatePercent: rate });
  }
  let discount = order.voucher?.discount ?? 0;
  for (let index = lines.length - 1; index >= 0 && discount > 0; index -= 1) {
    const line = lines[index]!;
    const net = line.quantity * line.unitNetMinor;
    const taken = Math.min(net, discount);
    discount -= taken;
    lines[index] = {
      ...line,
      title: line.quantity === 1 ? line.title : `${line.quantity} × ${line.title}`,
      description: [line.description, `Voucher ${order.voucher!.code}: −${taken}`].filter(Boolean).join(' · '),
      quantity: 1,
      unitNetMinor: net - taken,
    };
  }
  return lines;
}

const SHIPPING: Record<DocumentLanguage, string> = {
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
  corrected?: { number: string; issueDate: string };
}): InvoiceData {
  const { order, address } = input;
  const language = documentLanguage(order);
  return {
    number: input.number,
    kind: input.corrected ? 'credit_note' : 'invoice',
    correctedInvoice: input.corrected,
    issueDate: input.issueDate,
    deliveryDate: order.releaseDate,
    orderNumber: `SB-${order.number}`,
    language,
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
    },
    currency: order.currency,
    lines: orderInvoiceLines(order, input.items, SHIPPING[language]),
    totals: { netMinor: order.amount, vatMinor: order.taxValue, grossMinor: order.amountGross },
  };
}
