import '@mantine/core/styles/Grid.css';
import { Alert, Anchor, Button, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../api/errors.ts';
import { useViewer } from '../../auth/session.ts';
import { NotFoundPage } from '../../ui/NotFoundPage.tsx';
import { formatDate } from '../../ui/format.ts';
import { LineItemsPanel } from './LineItemsPanel.tsx';
import { OrderDetailsPanel } from './OrderDetailsPanel.tsx';
import { OrderInvoicePanel } from './OrderInvoicePanel.tsx';
import { OrderSteps } from './OrderSteps.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { ShippingAddressPanel } from './ShippingAddressPanel.tsx';
import { useOrder } from './queries.ts';
import type { Order } from './types.ts';

/** Staff panels (SPEC §2 order detail, admin only), loaded only for admins. */
const AdminOrderPanels = lazy(() => import('./admin/AdminOrderPanels.tsx'));

/**
 * The customer's panels of an order. The admin view (a later issue) wraps the same panels with its actions and
 * edit forms, comments and events, so each panel is a component of its own that takes the order.
 */
export function CustomerOrderPanels({ order }: { order: Order }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <OrderDetailsPanel order={order} />
          <OrderInvoicePanel invoice={order.invoice} creditNote={order.credit_note ?? null} />
          <LineItemsPanel order={order} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          {order.shipping_address && <ShippingAddressPanel address={order.shipping_address} />}
          <OrderTimeline updates={order.order_updates} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** SPEC §2 /orders/{id}: one order of the signed-in user (others' orders are 404). */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const viewer = useViewer();
  // The tab names the order by its one number, as the page, the list, the mail and the invoice do.
  const name = order.data?.name;
  useEffect(() => {
    if (name)
      document.title = `${t('orders.detail.titleNumbered', { number: name })} · ${t('a11y.siteName')}`;
  }, [name, t]);

  if (order.isError && isApiError(order.error) && order.error.status === 404) return <NotFoundPage />;
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/orders" size="sm" mb="sm" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('orders.detail.back')}
        </Group>
      </Anchor>
      {order.isPending && <Skeleton h={400} radius="lg" />}
      {order.isError && (
        <Alert color="red" data-testid="order-error">
          <Stack gap="xs" align="flex-start">
            {t('errors.generic')}
            <Button size="xs" variant="light" onClick={() => void order.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {order.data && (
        <Stack gap="lg" data-testid="order-page">
          <Group justify="space-between" align="flex-end">
            <Stack gap={4}>
              <Title order={1}>{t('orders.detail.titleNumbered', { number: order.data.name })}</Title>
              <Text c="dimmed">
                {order.data.album.title} · {formatDate(order.data.created_at)}
              </Text>
              {order.data.status_message && (
                <Text data-testid="order-status-message">{order.data.status_message}</Text>
              )}
            </Stack>
            <OrderSteps updates={order.data.order_updates} />
          </Group>
          {viewer.isAdmin ? (
            <Suspense fallback={<Skeleton h={400} radius="lg" />}>
              <AdminOrderPanels order={order.data} />
            </Suspense>
          ) : (
            <CustomerOrderPanels order={order.data} />
          )}
        </Stack>
      )}
    </Container>
  );
}
