import type { TFunction } from 'i18next';
import type { Order } from '../types.ts';

/**
 * Why invoiced content cannot be edited now (issue 21 §2), or null when it can: while an invoice stands, line
 * items, the address and the buyer's tax data are frozen, and the server answers 409 ORDER_INVOICED. The controls
 * are disabled with this text as their explanation; a credit note releases the order.
 */
export function invoiceLock(order: Pick<Order, 'invoice'>, t: TFunction): string | null {
  const invoice = order.invoice;
  if (!invoice || invoice.frozen === false || invoice.status === 'void') return null;
  return t('orderAdmin.invoiceState.lockedReason', { number: invoice.number ?? '' });
}
