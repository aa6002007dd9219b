import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconReceipt2, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AlbumsTable } from './AlbumsTable.tsx';
import { readView, scopesOf, writeView, type DashboardTab, type DashboardView } from './dashboardState.ts';
import { OrdersTable } from './OrdersTable.tsx';
import { useDashboard } from './queries.ts';

const SORTS = ['created_at:desc', 'created_at:asc', 'release_date:desc', 'release_date:asc'] as const;

/** SPEC §2 /dashboard (admin only): orders and albums with scopes, search, sort and 20 per page, all in the URL. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const dashboard = useDashboard(view);
  const [search, setSearch] = useState(view.query);

  const change = (next: Partial<DashboardView>) => setParams(writeView({ ...view, page: 1, ...next }));
  // Typing searches after a pause, not on every key; the URL (and so the history) gets one entry per search.
  const searchLater = useDebouncedCallback((query: string) => change({ query }), 400);

  const data = dashboard.data;
  // Read by the view's scope: a count is missing ('…') while the page shown is still the other tab's.
  const counts: Partial<Record<string, number>> = data?.meta.counts ?? {};
  return (
    <Container size="xl" py="xl" data-testid="dashboard-page">
      <Group justify="space-between" align="center" mb="lg" wrap="wrap">
        <Title order={1}>{t('dashboard.title')}</Title>
        {/* The admins' other tool: the price tables and vouchers. */}
        <Button
          component={Link}
          to="/admin/prices"
          variant="default"
          leftSection={<IconReceipt2 size={16} />}
          data-testid="dashboard-prices-link"
        >
          {t('priceAdmin.title')}
        </Button>
      </Group>
      <Tabs
        value={view.tab}
        onChange={(tab) => {
          setSearch('');
          setParams(
            writeView({ ...readView(new URLSearchParams()), tab: (tab ?? 'orders') as DashboardTab }),
          );
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="orders" data-testid="dashboard-tab-orders">
            {t('dashboard.tabs.orders')}
          </Tabs.Tab>
          <Tabs.Tab value="albums" data-testid="dashboard-tab-albums">
            {t('dashboard.tabs.albums')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="xs" mb="md" data-testid="dashboard-scopes">
        {scopesOf(view.tab).map((scope) => {
          const active = scope === view.scope;
          return (
            <Badge
              key={scope}
              component="button"
              type="button"
              size="lg"
              radius="sm"
              variant={active ? 'filled' : 'light'}
              color={active ? 'coral' : 'gray'}
              style={{ cursor: 'pointer', textTransform: 'none' }}
              onClick={() => change({ scope })}
              data-testid={`scope-${scope}`}
              data-active={active || undefined}
              rightSection={<span data-testid={`scope-count-${scope}`}>{counts[scope] ?? '…'}</span>}
            >
              {t(`dashboard.scopes.${view.tab}.${scope}`)}
            </Badge>
          );
        })}
      </Group>
      <Group mb="md" align="flex-end">
        <TextInput
          flex={1}
          maw={420}
          label={t('dashboard.search')}
          placeholder={t(`dashboard.searchPlaceholder.${view.tab}`)}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            searchLater(event.currentTarget.value);
          }}
          data-testid="dashboard-search"
        />
        <Select
          w={260}
          label={t('dashboard.sort.label')}
          allowDeselect={false}
          value={`${view.sortBy}:${view.sortOrder}`}
          data={SORTS.map((value) => ({ value, label: t(`dashboard.sort.${value.replace(':', '_')}`) }))}
          onChange={(value) => {
            const [sortBy, sortOrder] = (value ?? 'created_at:desc').split(':') as [
              DashboardView['sortBy'],
              DashboardView['sortOrder'],
            ];
            change({ sortBy, sortOrder });
          }}
          data-testid="dashboard-sort"
        />
      </Group>
      <Paper withBorder p="md">
        {dashboard.isError && (
          <Alert color="red" data-testid="dashboard-error">
            {t('dashboard.error', { message: dashboard.error.message })}
          </Alert>
        )}
        {dashboard.isPending && <Skeleton h={320} />}
        {data && view.tab === 'orders' && <OrdersTable orders={'orders' in data ? data.orders : []} />}
        {data && view.tab === 'albums' && <AlbumsTable albums={'albums' in data ? data.albums : []} />}
        {data && data.pagination.total === 0 && (
          <Text c="dimmed" ta="center" py="lg" data-testid="dashboard-empty">
            {t('dashboard.empty')}
          </Text>
        )}
      </Paper>
      {data && data.pagination.pages > 1 && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {t('dashboard.total', { total: data.pagination.total })}
          </Text>
          <Pagination
            total={data.pagination.pages}
            value={view.page}
            onChange={(page) => setParams(writeView({ ...view, page }))}
            data-testid="dashboard-pagination"
          />
        </Group>
      )}
    </Container>
  );
}
