import { AppError } from '../http/errors.ts';
import { formatMoney, formatPercent } from '../i18n/format.ts';
import type { StripeInvoiceRequest } from '../providers/stripe/index.ts';
import { checkInvoiceData, type InvoiceData } from './invoice-data.ts';
import { INVOICE_LABELS } from './invoice-labels.ts';

/**
 * The Stripe copy of an issued invoice: the same net lines plus one line per VAT rate with our computed VAT, so
 * the amount Stripe collects is exactly the gross on our e-invoice (Stripe's own tax rates could round otherwise).
 */
export function stripeInvoiceRequest(invoice: InvoiceData, daysUntilDue?: number): StripeInvoiceRequest {
  const checked = checkInvoiceData(invoice);
  if (checked.kind !== 'invoice') {
    throw new AppError(
      422,
      'INVOICE_NOT_PAYABLE',
      'Only invoices are collected through Stripe, not credit notes',
    );
  }
  if (!checked.buyer.email) {
    throw new AppError(
      422,
      'INVOICE_BUYER_EMAIL_MISSING',
      'Stripe sends the invoice by e-mail: the buyer has none',
    );
  }
  const language = checked.language ?? 'de';
  const labels = INVOICE_LABELS[language];
  const money = (minor: number) => formatMoney(minor, checked.currency, language);
  return {
    invoiceNumber: checked.number,
    currency: checked.currency,
    customer: {
      email: checked.buyer.email,
      name: checked.buyer.organization || checked.buyer.name,
      address: checked.buyer.address,
      language,
    },
    items: [
      ...checked.lines.map((line) => ({
        description: line.title,
        quantity: line.quantity,
        unitAmountMinor: line.unitNetMinor,
      })),
      // The voucher (a document-level allowance) as a negative item, so Stripe collects the invoice's gross.
      ...(checked.allowances ?? []).map((allowance) => ({
        description: allowance.reason,
        quantity: 1,
        unitAmountMinor: -allowance.amountMinor,
      })),
      ...checked.vatGroups
        .filter((group) => group.vatMinor !== 0)
        .map((group) => ({
          description: labels.vatOn(formatPercent(group.ratePercent, language), money(group.netMinor)),
          quantity: 1,
          unitAmountMinor: group.vatMinor,
        })),
    ],
    daysUntilDue,
    metadata: checked.orderNumber ? { order_number: checked.orderNumber } : undefined,
  };
}
