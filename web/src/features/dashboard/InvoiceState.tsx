import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order } from '../orders/types.ts';

/**
 * The invoice state of an order in the dashboard (issue 21 §2): "Rechnung 2026-000123 · eingefroren" while an
 * invoice stands, "Gutschrift 2026-000124 — Korrektur möglich" after a credit note; nothing before invoicing.
 */
export function InvoiceState({ order }: { order: Pick<Order, 'invoice'> }) {
  const { t } = useTranslation();
  const invoice = order.invoice;
  if (!invoice) return null;
  const frozen = invoice.frozen !== false && invoice.status !== 'void';
  return (
    <Badge
      size="xs"
      variant="light"
      color={frozen ? 'blue' : 'orange'}
      tt="none"
      data-testid="dashboard-invoice-state"
      data-state={frozen ? 'frozen' : 'credited'}
    >
      {frozen
        ? t('orderAdmin.invoiceState.frozen', { number: invoice.number ?? '' })
        : t('orderAdmin.invoiceState.credited', { number: invoice.credit_note?.number ?? '' })}
    </Badge>
  );
}
