import { Alert, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileInvoice, IconTruckDelivery } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format.ts';
import type { Checkout } from './api.ts';

interface Props {
  checkout: Checkout;
  /** A newer quote is on its way: the numbers shown stay until it arrives (no flicker). */
  fetching: boolean;
  voucherBox: ReactNode;
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The VAT line's words (issue 21 §4): the rate charged, or why none is (reverse charge, export). */
function taxTreatmentLabel(t: TFunction, checkout: Checkout, language: string): string {
  if (checkout.tax_treatment !== 'standard') return t(`checkout.summary.tax.${checkout.tax_treatment}`);
  const rate = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(
    checkout.vat_basis_points / 100,
  );
  return t('checkout.summary.tax.standard', { rate });
}

/** Issue 21 §3: how and when the customer pays, said before the order is placed. */
function paymentText(t: TFunction, checkout: Checkout): string {
  return t(`checkout.summary.payment.${checkout.payment.method}`, { days: checkout.payment.due_days });
}

/**
 * SPEC §2 summary: lines, net incl. shipping, VAT with its treatment, total, voucher, estimated delivery and how
 * the customer pays. All money is the server's.
 */
export function CheckoutSummary({ checkout, fetching, voucherBox }: Props) {
  const { t, i18n } = useTranslation();
  const voucher = checkout.voucher?.status === 'valid' ? checkout.voucher : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="checkout-summary" aria-busy={fetching}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('checkout.summary.title')}
          </Title>
          {fetching && <Loader size="xs" role="status" aria-label={t('checkout.summary.updating')} />}
        </Group>
        <Stack gap={6} data-testid="checkout-lines">
          {checkout.line_items.map((line, index) => (
            <Row
              key={`${line.product}-${index}`}
              label={
                <>
                  {line.title}
                  {line.quantity > 1 && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      × {line.quantity}
                    </Text>
                  )}
                </>
              }
              value={line.amount_human}
            />
          ))}
          <Row label={t('checkout.summary.shipping')} value={checkout.shipping.amount_human} />
          {voucher && (
            <Row
              label={t('checkout.summary.voucher', { code: voucher.code })}
              value={`− ${voucher.discount_human}`}
              testId="summary-voucher"
            />
          )}
        </Stack>
        <Divider />
        <Row label={t('checkout.summary.net')} value={checkout.amount_human} testId="summary-net" />
        <Row
          label={
            <span data-testid="summary-tax-treatment" data-treatment={checkout.tax_treatment}>
              {taxTreatmentLabel(t, checkout, i18n.language)}
            </span>
          }
          value={checkout.tax_value_human}
          testId="summary-vat"
        />
        <Row
          label={t('checkout.summary.total')}
          value={checkout.amount_gross_human}
          strong
          testId="summary-total"
        />
        <Divider />
        {voucherBox}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconTruckDelivery size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" data-testid="summary-delivery">
            {t('checkout.summary.delivery', {
              date: formatDate(checkout.estimated_delivery_date, i18n.language),
            })}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFileInvoice size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('checkout.summary.payment.title')}
            </Text>
            <Text size="sm" data-testid="summary-payment">
              {paymentText(t, checkout)}
            </Text>
          </Stack>
        </Group>
        {checkout.delivery_warning && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="delivery-warning"
          >
            {t('checkout.summary.deliveryWarning')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
