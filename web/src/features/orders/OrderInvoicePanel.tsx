import { Anchor, Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format.ts';
import { TONE_COLORS, invoiceTone } from './signals.ts';
import type { CreditNote, Invoice } from './types.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}

/** A PDF the server signs for the order's owner: it downloads under the document's number. */
function DownloadLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Anchor href={href} download size="sm" data-testid={testId}>
      <Group gap={4} component="span">
        <IconDownload size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** What the customer does about an invoice in this status (SPEC §4 invoice statuses). */
function PaymentNote({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (invoice.status === 'paid') return <Text size="sm">{t('orders.invoicePanel.paid')}</Text>;
  if (invoice.status === 'void') return <Text size="sm">{t('orders.invoicePanel.voided')}</Text>;
  if (invoice.status !== 'open') return null;
  return (
    <Stack gap={4}>
      <Text size="sm">{t('orders.invoicePanel.howToPay', { number: invoice.number })}</Text>
      {invoice.hosted_invoice_url && (
        <Anchor
          href={invoice.hosted_invoice_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          data-testid="customer-invoice-pay-online"
        >
          <Group gap={4} component="span">
            <IconExternalLink size={16} aria-hidden />
            {t('orders.invoicePanel.payOnline')}
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The customer's invoice (issue 21 §3 "Paying is stated plainly"): number, date, amount, due date and payment
 * status, what to do about it, the PDF, and a credit note with its own PDF and what it means for the invoice.
 * The mail brought the same documents; this is where they stay.
 */
export function OrderInvoicePanel({
  invoice,
  creditNote,
}: {
  invoice: Invoice | null;
  creditNote: CreditNote | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" data-testid="customer-invoice-panel">
      <Title order={3} mb="md">
        {t('orders.invoicePanel.title')}
      </Title>
      {!invoice?.number ? (
        <Text c="dimmed" data-testid="customer-invoice-none">
          {t('orders.invoicePanel.none')}
        </Text>
      ) : (
        <Stack gap="md" data-testid="customer-invoice" data-number={invoice.number}>
          <Group justify="space-between" align="center">
            <Text fw={700}>{t('orders.invoicePanel.invoice', { number: invoice.number })}</Text>
            <Badge
              variant="light"
              color={TONE_COLORS[invoiceTone(invoice.status)]}
              data-testid="customer-invoice-status"
              data-status={invoice.status}
            >
              {t(`orders.invoice.status.${invoice.status}`, { defaultValue: invoice.status })}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            {invoice.issue_date && (
              <Fact label={t('orders.invoicePanel.issued')}>{formatDate(invoice.issue_date)}</Fact>
            )}
            {invoice.amount_gross_human && (
              <Fact label={t('orders.invoicePanel.amount')}>{invoice.amount_gross_human}</Fact>
            )}
            {invoice.status === 'open' && (
              <Fact label={t('orders.invoicePanel.due')}>
                {invoice.due_date ? formatDate(invoice.due_date) : t('orders.invoicePanel.dueOnReceipt')}
              </Fact>
            )}
          </SimpleGrid>
          <PaymentNote invoice={invoice} />
          {invoice.pdf_url && (
            <DownloadLink
              href={invoice.pdf_url}
              label={t('orders.invoicePanel.download', { number: invoice.number })}
              testId="customer-invoice-download"
            />
          )}
        </Stack>
      )}
      {creditNote && (
        <>
          <Divider my="md" />
          <Stack gap="md" data-testid="customer-credit-note" data-number={creditNote.number}>
            <Text fw={700}>{t('orders.invoicePanel.creditNote', { number: creditNote.number })}</Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Fact label={t('orders.invoicePanel.issued')}>{formatDate(creditNote.issue_date)}</Fact>
              <Fact label={t('orders.invoicePanel.amount')}>{creditNote.amount_gross_human}</Fact>
            </SimpleGrid>
            <Text size="sm">
              {t('orders.invoicePanel.creditNoteExplained', {
                number: creditNote.number,
                invoice: creditNote.corrects_number,
              })}
            </Text>
            <DownloadLink
              href={creditNote.pdf_url}
              label={t('orders.invoicePanel.downloadCreditNote', { number: creditNote.number })}
              testId="customer-credit-note-download"
            />
          </Stack>
        </>
      )}
    </Paper>
  );
}
