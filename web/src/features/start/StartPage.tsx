import {
  Alert,
  AspectRatio,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Title,
} from '@mantine/core';
import { IconConfetti, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAlbums, useDeleteAlbum } from '../../api/queries.ts';
import type { AlbumSummary } from '../../api/types.ts';
import { confirm } from '../../ui/confirm.tsx';
import { notify } from '../../ui/notify.ts';
import { albumDeleteFailedText } from './albumDeleteError.ts';
import { EmptyAlbums } from './EmptyAlbums.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';

// The cards show once the albums are in: their code loads meanwhile, not before the page's first paint.
const loadAlbumCard = () => import('./AlbumCard.tsx');
const AlbumCard = lazy(() => loadAlbumCard().then((module) => ({ default: module.AlbumCard })));

/** A placeholder the size of an album card: its cover and its four lines of text. */
function CardSkeleton({ visibleFrom }: { visibleFrom?: 'sm' | 'md' }) {
  return (
    <Card padding="md" visibleFrom={visibleFrom}>
      <Card.Section>
        <AspectRatio ratio={460 / 297}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Skeleton h={28} w="70%" />
        <Skeleton h={20} w={90} />
        <Skeleton h={20} w="50%" />
        <Skeleton h={16} w="80%" />
      </Stack>
    </Card>
  );
}

/**
 * One row of placeholder cards, as many as the grid has columns, each the size of a card (about the height of the
 * empty state on a phone too). Three stacked 280 px blocks were taller than the empty state or a short list, and
 * the footer jumped when the albums came in (a layout shift of 0.095 on a phone).
 */
function GridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <CardSkeleton />
      <CardSkeleton visibleFrom="sm" />
      <CardSkeleton visibleFrom="md" />
    </SimpleGrid>
  );
}

export function StartPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const albums = useAlbums();
  const deleteAlbum = useDeleteAlbum();
  const own = albums.data?.filter((album) => album.is_owner) ?? [];
  const shared = albums.data?.filter((album) => !album.is_owner) ?? [];
  useEffect(() => void loadAlbumCard(), []);

  const requestDelete = async (album: AlbumSummary) => {
    const confirmed = await confirm({
      title: t('start.deleteTitle'),
      message: t('start.deleteMessage', { title: album.title }),
      confirmLabel: t('start.delete'),
      danger: true,
    });
    if (!confirmed) return;
    deleteAlbum.mutate(album.id, {
      onSuccess: () => notify.success(t('start.deleted', { title: album.title })),
      onError: (error) => notify.error(albumDeleteFailedText(error)),
    });
  };

  const grid = (list: AlbumSummary[], isShared: boolean) =>
    albums.isPending ? (
      <GridSkeleton />
    ) : list.length === 0 ? (
      <EmptyAlbums shared={isShared} />
    ) : (
      <Suspense fallback={<GridSkeleton />}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {list.map((album) => (
            <AlbumCard key={album.id} album={album} onDelete={isShared ? undefined : requestDelete} />
          ))}
        </SimpleGrid>
      </Suspense>
    );

  return (
    <Container size="lg" py="xl">
      {params.has('activated') && (
        <Alert
          color="teal"
          icon={<IconConfetti />}
          title={t('start.activatedTitle')}
          withCloseButton
          onClose={() => setParams({}, { replace: true })}
          mb="lg"
          data-testid="activated-notice"
        >
          {t('start.activatedBody')}
        </Alert>
      )}
      <Group justify="space-between" mb="lg">
        <Title order={1}>{t('start.title')}</Title>
        <Button
          component={Link}
          to="/album/new"
          leftSection={<IconPlus size={18} />}
          size="md"
          data-testid="create-album"
        >
          {t('start.create')}
        </Button>
      </Group>
      <PendingInvitations />
      {albums.isError && (
        <Alert color="red" mb="lg">
          {t('errors.generic')}
        </Alert>
      )}
      <Tabs defaultValue="own" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="own" data-testid="tab-own-albums">
            {t('start.ownTab', { count: own.length })}
          </Tabs.Tab>
          <Tabs.Tab value="shared" data-testid="tab-shared-albums">
            {t('start.sharedTab', { count: shared.length })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="own">{grid(own, false)}</Tabs.Panel>
        <Tabs.Panel value="shared">{grid(shared, true)}</Tabs.Panel>
      </Tabs>
    </Container>
  );
}
