import { Alert, Badge, Button, Loader, Stack, Table, Text } from '@mantine/core';
import type { VoucherView } from '@stickerbook/api';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm.tsx';
import { formatDate } from '../../ui/format.ts';
import { errorMessage, notify } from '../../ui/notify.ts';
import { formatHundredths } from './money.ts';
import { useDeactivateVoucher, useVouchers } from './queries.ts';
import { VoucherForm } from './VoucherForm.tsx';

function valueOf(voucher: VoucherView): string {
  return voucher.kind === 'percent'
    ? `${formatHundredths(voucher.value)} %`
    : `${formatHundredths(voucher.value)} ${voucher.currency ?? ''}`;
}

/** The vouchers with their window and uses; deactivating ends the window now (after confirmation). */
export function VouchersPanel() {
  const { t } = useTranslation();
  const vouchers = useVouchers();
  const deactivate = useDeactivateVoucher();
  const askDeactivate = async (voucher: VoucherView) => {
    const ok = await confirm({
      title: t('priceAdmin.vouchers.deactivate'),
      message: t('priceAdmin.vouchers.deactivateConfirm', { code: voucher.code }),
      confirmLabel: t('priceAdmin.vouchers.deactivate'),
      danger: true,
    });
    if (!ok) return;
    deactivate.mutate(voucher.id, {
      onSuccess: () => notify.success(t('priceAdmin.vouchers.deactivated')),
      onError: (error) => notify.error(t('priceAdmin.saveFailed', { message: errorMessage(error) })),
    });
  };
  return (
    <Stack gap="lg">
      <VoucherForm />
      {vouchers.isPending && <Loader />}
      {vouchers.isError && <Alert color="red">{t('priceAdmin.loadFailed')}</Alert>}
      {vouchers.data && vouchers.data.vouchers.length === 0 && <Text>{t('priceAdmin.vouchers.empty')}</Text>}
      {vouchers.data && vouchers.data.vouchers.length > 0 && (
        <Table data-testid="voucher-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('priceAdmin.vouchers.code')}</Table.Th>
              <Table.Th>{t('priceAdmin.vouchers.value')}</Table.Th>
              <Table.Th>{t('priceAdmin.vouchers.minimum')}</Table.Th>
              <Table.Th>{t('priceAdmin.vouchers.startsAt')}</Table.Th>
              <Table.Th>{t('priceAdmin.vouchers.endsAt')}</Table.Th>
              <Table.Th>{t('priceAdmin.vouchers.uses')}</Table.Th>
              <Table.Th>{t('priceAdmin.vouchers.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vouchers.data.vouchers.map((voucher) => (
              <Table.Tr key={voucher.id}>
                <Table.Td>{voucher.code}</Table.Td>
                <Table.Td>{valueOf(voucher)}</Table.Td>
                <Table.Td>{formatHundredths(voucher.minimum_amount)}</Table.Td>
                <Table.Td>{formatDate(voucher.starts_at)}</Table.Td>
                <Table.Td>{formatDate(voucher.ends_at)}</Table.Td>
                <Table.Td>
                  {voucher.uses} / {voucher.max_uses ?? t('priceAdmin.vouchers.unlimited')}
                </Table.Td>
                <Table.Td>
                  <Badge color={voucher.active ? 'teal' : 'gray'}>
                    {voucher.active ? t('priceAdmin.vouchers.active') : t('priceAdmin.vouchers.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {voucher.active && (
                    <Button size="xs" color="red" variant="light" onClick={() => void askDeactivate(voucher)}>
                      {t('priceAdmin.vouchers.deactivate')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
