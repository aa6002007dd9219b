import '@mantine/core/styles/Pagination.css';
import {
  Alert,
  Button,
  Center,
  Container,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { OrderCard } from './OrderCard.tsx';
import { ORDERS_PER_PAGE, useOrders } from './queries.ts';

/** A page number from the query: a whole number from 1, anything else page 1. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** SPEC §2 /orders: the user's orders, 25 per page (`?page`), newest first. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const orders = useOrders(page, ORDERS_PER_PAGE);
  const list = orders.data?.orders ?? [];
  const pages = orders.data?.pagination.pages ?? 1;
  // A page past the end (an old link, the last order deleted) shows the last page rather than "no orders".
  if (orders.data && orders.data.pagination.total > 0 && page > pages) {
    return <Navigate to={pages > 1 ? `/orders?page=${pages}` : '/orders'} replace />;
  }

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('orders.title')}
      </Title>
      {orders.isError && (
        <Alert color="red" mb="lg" data-testid="orders-error">
          {t('errors.generic')}
        </Alert>
      )}
      {orders.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={360} radius="lg" />
          ))}
        </SimpleGrid>
      ) : list.length === 0 && !orders.isError ? (
        <Paper withBorder p="xl" radius="lg" data-testid="orders-empty">
          <Stack align="center" gap="sm">
            <IconShoppingBag size={40} stroke={1.5} />
            <Title order={3}>{t('orders.empty.title')}</Title>
            <Text c="dimmed" ta="center" maw={420}>
              {t('orders.empty.body')}
            </Text>
            <Button component={Link} to="/start">
              {t('orders.empty.action')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="orders-list">
          {list.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <Center mt="xl">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            data-testid="orders-pagination"
          />
        </Center>
      )}
    </Container>
  );
}
