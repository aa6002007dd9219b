import { Anchor, Badge, Group } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS, invoiceTone } from './signals.ts';
import type { Invoice } from './types.ts';

/** SPEC §4 invoice status badge, with the invoice's link when there is one (PDF, else the hosted page). */
export function InvoiceBadge({ invoice }: { invoice: Invoice | null }) {
  const { t, i18n } = useTranslation();
  if (!invoice) {
    return (
      <Badge variant="light" color="gray" data-testid="invoice-status" data-status="none">
        {t('orders.invoice.none')}
      </Badge>
    );
  }
  const key = `orders.invoice.status.${invoice.status}`;
  const link = invoice.pdf_url ?? invoice.hosted_invoice_url;
  return (
    <Group gap="xs">
      <Badge
        variant="light"
        color={TONE_COLORS[invoiceTone(invoice.status)]}
        data-testid="invoice-status"
        data-status={invoice.status}
      >
        {i18n.exists(key) ? t(key) : invoice.status}
      </Badge>
      {link && (
        <Anchor href={link} target="_blank" rel="noopener" size="sm" data-testid="invoice-link">
          <Group gap={4} component="span">
            <IconFileInvoice size={16} />
            {invoice.number
              ? t('orders.invoice.openNumbered', { number: invoice.number })
              : t('orders.invoice.open')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
