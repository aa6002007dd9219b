import { ActionIcon, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { OwnAlbumPreviewView } from '@stickerbook/api';
import {
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  pageBoxLabel,
  spreadsInOrder,
  totalPages,
} from '@stickerbook/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { WithDocument } from '../../api/types.ts';
import { RenderRoot, SpreadContent } from '../../render/index.ts';
import { imageUrlsOf, type RenderData } from '../print-render/renderData.ts';

/** GET /albums/{id}/preview: the album as the renderer draws it, for any member (guests included). */
export function useAlbumRenderData(albumId: string) {
  return useQuery({
    queryKey: ['albums', albumId, 'preview'] as const,
    queryFn: ({ signal }) =>
      api.get<WithDocument<OwnAlbumPreviewView>>(`/albums/${encodeURIComponent(albumId)}/preview`, {
        asGuest: true,
        signal,
      }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
  });
}

/** SPEC §2 preview step: the album spread by spread through our renderer, with a stickers toggle. */
export function PreviewStep({ albumId, proofButton }: { albumId: string; proofButton: ReactNode }) {
  const { t } = useTranslation();
  const preview = useAlbumRenderData(albumId);
  const [showStickers, setShowStickers] = useState(true);
  return (
    <Stack gap="sm" data-testid="checkout-preview">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Switch
          checked={showStickers}
          onChange={(event) => setShowStickers(event.currentTarget.checked)}
          label={t('checkout.preview.showStickers')}
          data-testid="preview-stickers-toggle"
        />
        {proofButton}
      </Group>
      {preview.data ? (
        <Spreads data={preview.data} showStickers={showStickers} />
      ) : preview.isError ? (
        // SPEC §8: a failed preview is not an error of the checkout; the order can go on.
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {t('checkout.preview.unavailable')}
        </Text>
      ) : (
        <Skeleton h={260} radius="sm" />
      )}
    </Stack>
  );
}

function Spreads({ data, showStickers }: { data: RenderData; showStickers: boolean }) {
  const { t } = useTranslation();
  const spreads = useMemo(() => spreadsInOrder(data.workspace), [data.workspace]);
  const [ordinal, setOrdinal] = useState(0);
  const count = spreads.length;
  const current = Math.min(ordinal, Math.max(0, count - 1));
  const spread = spreads[current];
  const { imageUrlFor, imageSizeFor } = useMemo(() => imageUrlsOf(data), [data]);
  const meta = useMemo(
    () => ({ title: data.album.title, releaseDate: data.album.releaseDate, language: data.album.language }),
    [data.album],
  );
  if (!spread) return null;
  const label = pageBoxLabel(current, count);
  const pages = label.includes('-') ? 'albumPreview.pages' : 'albumPreview.page';
  const caption = t(pages, { label, total: totalPages(count) });
  return (
    <Stack gap="xs">
      <RenderRoot
        doc={data.workspace}
        albumMeta={meta}
        imageUrlFor={imageUrlFor}
        imageSizeFor={imageSizeFor}
        templates={data.templates}
        showStickers={showStickers}
        zoom={1}
      >
        <svg
          key={spread.id}
          xmlns="http://www.w3.org/2000/svg"
          viewBox={`0 0 ${SPREAD_WIDTH_MM} ${SPREAD_HEIGHT_MM}`}
          role="img"
          aria-label={caption}
          data-testid="checkout-preview-spread"
          style={{
            display: 'block',
            width: '100%',
            height: 'auto',
            background: '#ffffff',
            boxShadow: '0 2px 14px rgba(0, 0, 0, 0.18)',
          }}
        >
          <SpreadContent spreadId={spread.id} />
        </svg>
      </RenderRoot>
      <Group justify="center" gap="md" wrap="nowrap" role="group" aria-label={t('albumPreview.navigation')}>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          disabled={current === 0}
          onClick={() => setOrdinal(current - 1)}
          aria-label={t('albumPreview.previous')}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text size="sm" miw={110} ta="center" aria-live="polite">
          {caption}
        </Text>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          disabled={current >= count - 1}
          onClick={() => setOrdinal(current + 1)}
          aria-label={t('albumPreview.next')}
          data-testid="checkout-preview-next"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
