import { lazy, Suspense } from 'react';
import { ActionIcon, AspectRatio, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AlbumSummary } from '../../api/types.ts';
import { CoverArt } from '../../ui/CoverArt.tsx';
import { CoverImage } from '../../ui/CoverImage.tsx';

import { formatDate } from '../../ui/format.ts';

const CoverPreview = lazy(() => import('../../ui/CoverPreview.tsx'));

interface Props {
  album: AlbumSummary;
  onDelete?: (album: AlbumSummary) => void;
}

export function AlbumCard({ album, onDelete }: Props) {
  const { t } = useTranslation();
  const category = album.blueprint_category ?? album.category;
  // Until the server's thumbnail exists, the card draws the cover itself.
  const drawnCover = (
    <Suspense fallback={<CoverArt title={album.title} category={category} />}>
      <CoverPreview
        path={`/albums/${album.id}/cover`}
        fallback={<CoverArt title={album.title} category={category} />}
      />
    </Suspense>
  );
  return (
    <Card padding="md" className="sb-card-hover" data-testid="album-card" data-album-id={album.id}>
      <Card.Section
        component={Link}
        to={`/album/${album.id}`}
        aria-label={t('start.openAlbum', { title: album.title })}
      >
        <AspectRatio ratio={460 / 297}>
          {album.cover_preview_url ? (
            <CoverImage src={album.cover_preview_url} fallback={drawnCover} />
          ) : (
            drawnCover
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text
            fw={700}
            size="lg"
            lineClamp={1}
            component={Link}
            to={`/album/${album.id}`}
            c="inherit"
            style={{ textDecoration: 'none' }}
            data-testid="album-card-title"
          >
            {album.title}
          </Text>
          {onDelete && (
            <Tooltip label={t('start.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('start.deleteAlbum', { title: album.title })}
                onClick={() => onDelete(album)}
                data-testid="album-delete"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs">
          {category && (
            <Badge variant="light" color="coral">
              {t(`categories.${category}`, { defaultValue: category })}
            </Badge>
          )}
          {!album.is_owner && (
            <Badge variant="light" color="gray">
              {t('start.sharedBadge')}
            </Badge>
          )}
        </Group>
        {album.releaseDate && (
          <Group gap={6} c="dimmed">
            <IconCalendarEvent size={16} />
            <Text size="sm">{t('start.releaseDate', { date: formatDate(album.releaseDate) })}</Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('start.createdUpdated', {
            created: formatDate(album.created_at),
            updated: formatDate(album.updated_at),
          })}
        </Text>
      </Stack>
    </Card>
  );
}
