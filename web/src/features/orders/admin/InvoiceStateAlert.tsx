import { Alert } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../types.ts';

/**
 * Which state applies to the order's invoiced content (issue 21 §2): frozen under a standing invoice, or open for
 * correction after a credit note (then a corrected invoice follows). Nothing while the order is not invoiced.
 */
export function InvoiceStateAlert({ order }: { order: Order }) {
  const { t } = useTranslation();
  const invoice = order.invoice;
  if (!invoice) return null;
  if (invoice.frozen !== false && invoice.status !== 'void') {
    return (
      <Alert
        color="blue"
        icon={<IconLock size={18} />}
        title={t('orderAdmin.invoiceState.frozen', { number: invoice.number ?? '' })}
        data-testid="invoice-state"
        data-state="frozen"
      >
        {t('orderAdmin.invoiceState.frozenHint')}
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      icon={<IconLockOpen size={18} />}
      title={t('orderAdmin.invoiceState.credited', { number: invoice.credit_note?.number ?? '' })}
      data-testid="invoice-state"
      data-state="credited"
    >
      {t('orderAdmin.invoiceState.creditedHint', { number: invoice.number ?? '' })}
    </Alert>
  );
}
