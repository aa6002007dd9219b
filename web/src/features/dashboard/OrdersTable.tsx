import { Anchor, Badge, Box, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../ui/format.ts';
import { OrderCover } from '../orders/OrderCover.tsx';
import type { Order } from '../orders/types.ts';
import { CountryMark } from './CountryMark.tsx';
import { StatusCell } from './StatusCell.tsx';
import { InvoiceState } from './InvoiceState.tsx';

/** SPEC §2 dashboard order columns: cover, name with flag and e-mail, created, event, design check, statuses. */
export function OrdersTable({ orders }: { orders: Order[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96}>{t('dashboard.columns.cover')}</Table.Th>
            <Table.Th>{t('dashboard.columns.name')}</Table.Th>
            <Table.Th>{t('dashboard.columns.created')}</Table.Th>
            <Table.Th>{t('dashboard.columns.event')}</Table.Th>
            <Table.Th>{t('dashboard.columns.designCheck')}</Table.Th>
            <Table.Th>{t('dashboard.columns.transfer')}</Table.Th>
            <Table.Th>{t('dashboard.columns.albums')}</Table.Th>
            <Table.Th>{t('dashboard.columns.shipping')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => {
            const address = order.shipping_address;
            const person = address ? `${address.first_name} ${address.last_name}`.trim() : order.name;
            const checked = order.design_check?.status === 'done';
            return (
              <Table.Tr key={order.id} data-testid="dashboard-order-row" data-order-id={order.id}>
                <Table.Td>
                  <Box w={80}>{order.album && <OrderCover album={order.album} />}</Box>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/orders/${encodeURIComponent(order.id)}`} fw={600}>
                      <CountryMark code={address?.country_code} />
                      {person}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {order.name} · {order.email}
                    </Text>
                    <InvoiceState order={order} />
                  </Stack>
                </Table.Td>
                <Table.Td>{formatDate(order.created_at)}</Table.Td>
                <Table.Td>{order.album?.release_date ? formatDate(order.album.release_date) : '–'}</Table.Td>
                <Table.Td>
                  <Badge color={checked ? 'teal' : 'gray'} variant="light" data-testid="design-check">
                    {checked ? t('dashboard.yes') : t('dashboard.no')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <StatusCell cell={order.transfer_status} testId="status-transfer" />
                </Table.Td>
                <Table.Td>
                  <StatusCell cell={order.albums_status} testId="status-albums" />
                </Table.Td>
                <Table.Td>
                  <StatusCell cell={order.shipment_status} testId="status-shipment" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
