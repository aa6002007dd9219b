import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../ui/format.ts';
import { OrderCover } from './OrderCover.tsx';
import { OrderSteps } from './OrderSteps.tsx';
import type { Order } from './types.ts';

/** SPEC §2 orders list card: album, cover, first address line, status, name, dates, signal chain, details. */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const detailsPath = `/orders/${encodeURIComponent(order.id)}`;
  return (
    <Card padding="md" withBorder data-testid="order-card" data-order-id={order.id}>
      <Card.Section
        component={Link}
        to={detailsPath}
        aria-label={t('orders.card.open', { name: order.name })}
      >
        <OrderCover album={order.album} />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Text fw={700} size="lg" lineClamp={1} data-testid="order-card-album">
            {order.album.title}
          </Text>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {order.amount_gross_human}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {order.name}
        </Text>
        {order.status_message && (
          <Text size="sm" data-testid="order-status-message">
            {order.status_message}
          </Text>
        )}
        {order.shipping_address && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconMapPin size={16} />
            <Text size="sm" lineClamp={1}>
              {order.shipping_address.address1}
            </Text>
          </Group>
        )}
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconPackage size={16} />
          <Text size="sm">{t('orders.card.created', { date: formatDate(order.created_at) })}</Text>
        </Group>
        {order.album.release_date && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconCalendarEvent size={16} />
            <Text size="sm">{t('orders.card.release', { date: formatDate(order.album.release_date) })}</Text>
          </Group>
        )}
        <OrderSteps updates={order.order_updates} />
        <Button
          component={Link}
          to={detailsPath}
          variant="light"
          mt="xs"
          fullWidth
          data-testid="order-details"
        >
          {t('orders.card.details')}
        </Button>
      </Stack>
    </Card>
  );
}
