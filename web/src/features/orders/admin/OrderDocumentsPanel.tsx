import '@mantine/core/styles/Progress.css';
import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { InvoiceDocumentView } from '@stickerbook/api';
import {
  IconDownload,
  IconFileInvoice,
  IconFileZip,
  IconReceiptRefund,
  IconSend,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../api/errors.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import { TONE_COLORS, invoiceTone } from '../signals.ts';
import type { Order } from '../types.ts';
import {
  downloadOrderJson,
  useArtifact,
  useCreateCreditNote,
  useCreateInvoice,
  useOrderDocuments,
  useStartArtifactExport,
  useTransferOrder,
} from './documents-queries.ts';

/** Error codes of these actions with their own text; anything else gets the app's generic message. */
function DocumentBadge({ document }: { document: InvoiceDocumentView }) {
  const { t, i18n } = useTranslation();
  // A credit note's `void` means it settled an unpaid invoice (nothing to refund), not that it was cancelled.
  const creditNoteKey = `orderDocuments.creditNoteStatus.${document.status}`;
  const creditNote = document.kind === 'credit_note' && i18n.exists(creditNoteKey);
  const tone = creditNote
    ? document.status === 'open'
      ? 'warning'
      : 'secondary'
    : invoiceTone(document.status);
  return (
    <Group gap="xs" data-testid={`order-document-${document.kind}`}>
      <Badge
        variant="light"
        color={TONE_COLORS[tone]}
        data-testid={`${document.kind}-status`}
        data-status={document.status}
      >
        {creditNote ? t(creditNoteKey) : t(`orderDocuments.status.${document.status}`)}
      </Badge>
      <Anchor href={document.pdf_url} target="_blank" rel="noopener" size="sm">
        <Group gap={4} component="span">
          <IconDownload size={16} />
          {t(`orderDocuments.download.${document.kind}`, { number: document.number })}
        </Group>
      </Anchor>
      {document.hosted_invoice_url && (
        <Anchor href={document.hosted_invoice_url} target="_blank" rel="noopener noreferrer" size="sm">
          {t('orderDocuments.hostedInvoice')}
        </Anchor>
      )}
    </Group>
  );
}

/** Print files for the print partner: start the export, watch its progress, download the zip when done. */
function ArtifactExport({ orderId, onError }: { orderId: string; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const artifact = useArtifact(orderId);
  const start = useStartArtifactExport(orderId);
  const state = artifact.data;
  const working = state?.state === 'working';
  return (
    <Stack gap={4} data-testid="order-artifact" data-state={state?.state ?? 'loading'}>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileZip size={16} />}
          loading={start.isPending}
          disabled={!state || working}
          onClick={() => start.mutate(undefined, { onError })}
          data-testid="artifact-export"
        >
          {state?.state === 'finished'
            ? t('orderDocuments.artifact.again')
            : t('orderDocuments.artifact.button')}
        </Button>
        {state?.state === 'finished' && state.blob_url && (
          <Anchor href={state.blob_url} size="sm" data-testid="artifact-download">
            {t('orderDocuments.artifact.download')}
          </Anchor>
        )}
      </Group>
      {working && (
        <>
          <Progress
            value={state.progress}
            size="sm"
            animated
            aria-label={t('orderDocuments.artifact.working')}
          />
          <Text size="xs" c="dimmed">
            {t('orderDocuments.artifact.progress', { progress: state.progress })}
          </Text>
        </>
      )}
      {state?.state === 'error' && (
        <Text size="sm" c="red">
          {t('orderDocuments.artifact.failed')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * SPEC §2 order detail, staff only: the order's invoice (created once, corrected only by a credit note), the
 * delivery note, the print partner JSON and the transfer to the print partner.
 */
export function OrderDocumentsPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  const documents = useOrderDocuments(order.id);
  const createInvoice = useCreateInvoice(order.id);
  const createCreditNote = useCreateCreditNote(order.id);
  const transfer = useTransferOrder(order.id);
  const [notConfigured, setNotConfigured] = useState(false);
  const [jsonBusy, setJsonBusy] = useState(false);

  const failed = (action: string) => (error: unknown) => {
    const reason = errorMessage(error);
    notify.error(t(`orderDocuments.failed.${action}`, { reason }));
  };

  const issueInvoice = () =>
    createInvoice.mutate(undefined, {
      onSuccess: () => notify.success(t('orderDocuments.invoiceCreated')),
      onError: failed('invoice'),
    });

  const issueCreditNote = async () => {
    const ok = await confirm({
      title: t('orderDocuments.creditNote.title'),
      message: t('orderDocuments.creditNote.confirm', { number: documents.data?.invoice?.number ?? '' }),
      confirmLabel: t('orderDocuments.creditNote.button'),
      danger: true,
    });
    if (!ok) return;
    createCreditNote.mutate(undefined, {
      onSuccess: () => notify.success(t('orderDocuments.creditNote.done')),
      onError: failed('creditNote'),
    });
  };

  const startTransfer = () =>
    transfer.mutate(undefined, {
      onSuccess: () => notify.success(t('orderDocuments.transfer.started')),
      onError: (error) => {
        if (errorCodeOf(error) === 'PRINT_PARTNER_NOT_CONFIGURED') setNotConfigured(true);
        else failed('transfer')(error);
      },
    });

  const downloadJson = async () => {
    setJsonBusy(true);
    try {
      await downloadOrderJson(order.id, `${order.name}.json`);
    } catch (error) {
      failed('json')(error);
    } finally {
      setJsonBusy(false);
    }
  };

  const invoice = documents.data?.invoice ?? null;
  // Every issued document, oldest first: after a credit note and the corrected invoice, all of them stay listed.
  const history = documents.data?.history ?? [];
  // A credit note voided the invoice: the corrected order is invoiced again, with the next number.
  const credited = invoice?.status === 'void';
  return (
    <Paper withBorder p="md" data-testid="order-documents">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('orderDocuments.title')}
        </Title>
        {documents.isError && <Alert color="red">{errorMessage(documents.error)}</Alert>}
        {history.map((document) => (
          <DocumentBadge key={document.id} document={document} />
        ))}
        {(!invoice || credited) && (
          <Group gap="xs">
            {!invoice && (
              <Text size="sm" c="dimmed">
                {t('orderDocuments.noInvoice')}
              </Text>
            )}
            <Button
              size="xs"
              leftSection={<IconFileInvoice size={16} />}
              loading={createInvoice.isPending}
              disabled={!documents.isSuccess}
              onClick={issueInvoice}
              data-testid="invoice-create"
            >
              {credited ? t('orderDocuments.createCorrectedInvoice') : t('orderDocuments.createInvoice')}
            </Button>
          </Group>
        )}
        {invoice && !credited && (
          <Group>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconReceiptRefund size={16} />}
              loading={createCreditNote.isPending}
              onClick={() => void issueCreditNote()}
              data-testid="credit-note-create"
            >
              {t('orderDocuments.creditNote.button')}
            </Button>
          </Group>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            component="a"
            href={documents.data?.delivery_note_url}
            target="_blank"
            rel="noopener"
            disabled={!documents.data}
            leftSection={<IconTruckDelivery size={16} />}
            data-testid="delivery-note"
          >
            {t('orderDocuments.deliveryNote')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={jsonBusy}
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadJson()}
            data-testid="order-json"
          >
            {t('orderDocuments.json')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={transfer.isPending}
            leftSection={<IconSend size={16} />}
            onClick={startTransfer}
            data-testid="order-transfer"
          >
            {t('orderDocuments.transfer.button')}
          </Button>
        </Group>
        <ArtifactExport orderId={order.id} onError={failed('export')} />
        {notConfigured && (
          <Alert
            color="orange"
            title={t('orderDocuments.transfer.notConfiguredTitle')}
            data-testid="transfer-not-configured"
          >
            {t('orderDocuments.transfer.notConfigured')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
