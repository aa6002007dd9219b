import '@mantine/core/styles/Table.css';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order } from './types.ts';

/** SPEC §2 order detail: line items with net and gross, then the totals (all formatted by the server). */
export function LineItemsPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" data-testid="order-line-items">
      <Title order={3} mb="md">
        {t('orders.detail.lineItems')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.detail.item')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.quantity')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.net')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.gross')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.line_items.map((item) => (
              <Table.Tr key={item.id} data-testid="order-line-item">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {item.title}
                  </Text>
                  {item.description && (
                    <Text size="xs" c="dimmed">
                      {item.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {item.amount_human}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {item.amount_gross_human}
                </Table.Td>
              </Table.Tr>
            ))}
            {/* Shipping is a line of its own, as the order froze it (issue 22 item 11). */}
            <Table.Tr data-testid="order-shipping-line">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {t('orders.detail.shipping')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">1</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {order.shipping.amount_human}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {order.shipping.amount_gross_human}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
          <Table.Tfoot>
            {order.voucher && (
              <Table.Tr>
                <Table.Td colSpan={3}>{t('orders.detail.voucher', { code: order.voucher.code })}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  −{order.voucher.discount_human}
                </Table.Td>
              </Table.Tr>
            )}
            {Boolean(order.price_adjustment) && (
              <Table.Tr data-testid="order-price-adjustment">
                <Table.Td colSpan={3}>{t('orders.detail.priceAdjustment')}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {order.price_adjustment_human}
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Td colSpan={3}>{t('orders.detail.totalNet')}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-total-net">
                {order.amount_human}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={3}>{t('orders.detail.vat')}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {order.tax_value_human}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={3} fw={700}>
                {t('orders.detail.total')}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="order-total-gross">
                {order.amount_gross_human}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
