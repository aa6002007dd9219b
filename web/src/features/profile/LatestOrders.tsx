import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLatestOrders } from '../orders/queries.ts';
import { formatDate } from '../../ui/format.ts';

/** SPEC §9: the profile shows the 3 latest orders. */
export const PROFILE_ORDER_COUNT = 3;

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
      ) : orders.data?.length ? (
        <Stack gap="xs">
          {orders.data.map((order) => (
            <Anchor key={order.id} component={Link} to={`/orders/${order.id}`}>
              {order.album?.title ?? order.name} · {formatDate(order.created_at)}
            </Anchor>
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
