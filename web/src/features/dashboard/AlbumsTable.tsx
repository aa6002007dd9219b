import { Anchor, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import type { DashboardAlbumView } from '@stickerbook/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../ui/format.ts';
import { OrderCover } from '../orders/OrderCover.tsx';
import { CountryMark } from './CountryMark.tsx';
import { languageCountry } from './dashboardState.ts';

/** SPEC §2 dashboard album columns: cover, title with language flag, identifier and category, dates. */
export function AlbumsTable({ albums }: { albums: DashboardAlbumView[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96}>{t('dashboard.columns.cover')}</Table.Th>
            <Table.Th>{t('dashboard.columns.title')}</Table.Th>
            <Table.Th>{t('dashboard.columns.identifier')}</Table.Th>
            <Table.Th>{t('dashboard.columns.created')}</Table.Th>
            <Table.Th>{t('dashboard.columns.updated')}</Table.Th>
            <Table.Th>{t('dashboard.columns.event')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {albums.map((album) => (
            <Table.Tr key={album.id} data-testid="dashboard-album-row">
              <Table.Td>
                <Box w={80}>
                  <OrderCover album={album} />
                </Box>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Anchor component={Link} to={`/album/${encodeURIComponent(album.id)}`} fw={600}>
                    <CountryMark code={languageCountry(album.language)} />
                    {album.title}
                  </Anchor>
                  {album.owner_email && (
                    <Text size="xs" c="dimmed">
                      {album.owner_email}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace">
                    {album.identifier}
                  </Text>
                  {album.category && (
                    <Badge variant="light" color="coral">
                      {t(`categories.${album.category}`, { defaultValue: album.category })}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatDate(album.created_at)}</Table.Td>
              <Table.Td>{formatDate(album.updated_at)}</Table.Td>
              <Table.Td>{album.release_date ? formatDate(album.release_date) : '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
