import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OrderSteps } from '../orders/OrderSteps.tsx';
import { useLatestOrders } from '../orders/queries.ts';
import { formatDate } from '../../ui/format.ts';

/** SPEC §9: the profile shows the 3 latest orders. */
const PROFILE_ORDER_COUNT = 3;

export function LatestOrders() {
  const { t } = useTranslation();
  const orders = useLatestOrders(PROFILE_ORDER_COUNT);
  return (
    <Paper withBorder p="lg" data-testid="latest-orders">
      <Title order={3} mb="sm">
        {t('profile.latestOrders')}
      </Title>
      {orders.isPending ? (
        <Skeleton h={60} />
      ) : orders.isError ? (
        <Text c="red">{t('errors.generic')}</Text>
      ) : orders.data.length ? (
        <Stack gap="md">
          {orders.data.map((order) => (
            <Stack key={order.id} gap={4} data-testid="latest-order">
              <Group justify="space-between" wrap="nowrap" align="baseline">
                <Anchor
                  component={Link}
                  to={`/orders/${encodeURIComponent(order.id)}`}
                  fw={600}
                  lineClamp={1}
                >
                  {order.album.title}
                </Anchor>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {order.amount_gross_human}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {order.name} · {formatDate(order.created_at)}
              </Text>
              <OrderSteps updates={order.order_updates} />
            </Stack>
          ))}
          <Anchor component={Link} to="/orders" size="sm">
            {t('profile.allOrders')}
          </Anchor>
        </Stack>
      ) : (
        <Text c="dimmed">{t('profile.noOrders')}</Text>
      )}
    </Paper>
  );
}
