import { ActionIcon, Badge, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEye } from '@tabler/icons-react';
import {
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  pageBoxLabel,
  spreadsInOrder,
  totalPages,
  type StickerTemplate,
} from '@stickerbook/model';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RenderRoot, SpreadContent } from '../../render/index.ts';
import { imageUrlsOf } from '../print-render/renderData.ts';
import { usePublicAlbumPreview, type AlbumPreview } from './api.ts';

/** A horizontal swipe at least this long (px) turns the spread on touch screens. */
const SWIPE_PX = 50;

/**
 * SPEC §2 /album/{albumId}/preview/{token}: the public, read-only album preview. Anyone with the link sees the
 * album spread by spread, drawn by the album renderer; nothing can be changed (SPEC §6 "preview-link viewers view
 * only"). A link that does not load (wrong or rotated token, another album's id) redirects to / (SPEC §2).
 */
export function AlbumPreviewPage() {
  const { albumId = '', token = '' } = useParams();
  const navigate = useNavigate();
  const preview = usePublicAlbumPreview(token);
  const data = preview.data;
  const failed = preview.isError || (data !== undefined && data.album.id !== albumId);

  useEffect(() => {
    if (failed) void navigate('/', { replace: true });
  }, [failed, navigate]);

  if (failed) return null;
  if (!data) {
    return (
      <Group justify="center" py="xl" aria-busy="true">
        <Loader />
      </Group>
    );
  }
  return <PreviewSpreads data={data} />;
}

function PreviewSpreads({ data }: { data: AlbumPreview }) {
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
  const templates = data.templates as unknown as Record<number, StickerTemplate>;

  const go = (delta: number) => setOrdinal((n) => Math.min(count - 1, Math.max(0, n + delta)));
  const canGoBack = current > 0;
  const canGoOn = current < count - 1;

  useEffect(() => {
    document.title = `${data.album.title} · ${t('screens.albumPreview')}`;
  }, [data.album.title, t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (event.key === 'ArrowLeft') setOrdinal((n) => Math.max(0, n - 1));
      if (event.key === 'ArrowRight') setOrdinal((n) => Math.min(count - 1, n + 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  const swipeStart = useRef<number | null>(null);
  const label = count > 0 ? pageBoxLabel(current, count) : '';
  const pages = label.includes('-') ? 'albumPreview.pages' : 'albumPreview.page';

  return (
    <Stack gap="sm" px={{ base: 'xs', sm: 'md' }} py="md" maw={1400} mx="auto" data-testid="album-preview">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={1} size="h3" lineClamp={1}>
          {data.album.title}
        </Title>
        <Badge variant="light" color="gray" leftSection={<IconEye size={14} />} style={{ flexShrink: 0 }}>
          {t('albumPreview.viewOnly')}
        </Badge>
      </Group>

      <Box
        onTouchStart={(event) => {
          swipeStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = swipeStart.current;
          const end = event.changedTouches[0]?.clientX;
          swipeStart.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          go(end < start ? 1 : -1);
        }}
        style={{ touchAction: 'pan-y' }}
      >
        {spread ? (
          <RenderRoot
            doc={data.workspace}
            albumMeta={meta}
            imageUrlFor={imageUrlFor}
            imageSizeFor={imageSizeFor}
            templates={templates}
            zoom={1}
          >
            <svg
              key={spread.id}
              xmlns="http://www.w3.org/2000/svg"
              viewBox={`0 0 ${SPREAD_WIDTH_MM} ${SPREAD_HEIGHT_MM}`}
              role="img"
              aria-label={t(pages, { label, total: totalPages(count) })}
              data-testid="album-preview-spread"
              data-spread-ordinal={current}
              data-spread-id={spread.id}
              style={{
                display: 'block',
                // As wide as the screen allows, and never taller than the window (landscape phones, laptops).
                width: `min(100%, calc((100dvh - 220px) * ${SPREAD_WIDTH_MM / SPREAD_HEIGHT_MM}))`,
                height: 'auto',
                margin: '0 auto',
                background: '#ffffff',
                boxShadow: '0 2px 14px rgba(0, 0, 0, 0.18)',
              }}
            >
              <SpreadContent spreadId={spread.id} />
            </svg>
          </RenderRoot>
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('albumPreview.empty')}
          </Text>
        )}
      </Box>

      {count > 0 && (
        <Group justify="center" gap="md" wrap="nowrap" aria-label={t('albumPreview.navigation')} role="group">
          <ActionIcon
            size="xl"
            variant="default"
            radius="xl"
            onClick={() => go(-1)}
            disabled={!canGoBack}
            aria-label={t('albumPreview.previous')}
            data-testid="album-preview-previous"
          >
            <IconChevronLeft />
          </ActionIcon>
          <Text size="sm" fw={500} miw={120} ta="center" aria-live="polite" data-testid="album-preview-page">
            {t(pages, { label, total: totalPages(count) })}
          </Text>
          <ActionIcon
            size="xl"
            variant="default"
            radius="xl"
            onClick={() => go(1)}
            disabled={!canGoOn}
            aria-label={t('albumPreview.next')}
            data-testid="album-preview-next"
          >
            <IconChevronRight />
          </ActionIcon>
        </Group>
      )}
    </Stack>
  );
}
