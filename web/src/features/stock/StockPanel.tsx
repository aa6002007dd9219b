import { Alert, Anchor, Button, Center, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPhotoPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../auth/session.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { notify, notifyError } from '../../ui/notify.ts';
import { rememberStockPhotos, useFeatures, useStockSearch, type StockPhoto } from './api.ts';
import { deleteLibraryPhoto } from './libraryApi.ts';
import { StockLibraryModal } from './StockLibraryModal.tsx';
import { insertStockPhotoIntoCurrentSpread } from './stockDrag.ts';
import { defaultStockQuery, stockLocaleFor, STOCK_SEARCH_MIN_CHARS } from './stockQuery.ts';
import { StockThumb } from './StockThumb.tsx';
import { useDebouncedStockQuery } from './useDebouncedStockQuery.ts';

export interface StockPanelProps {
  album: { id: string; language: string | null };
}

/**
 * The stock sub-tab of the background tab (SPEC §2): search (3+ characters, 750 ms debounce, 16 per page, 'load
 * more'), results in the album's language, pre-filled with the environment's default query. Results drag onto
 * the canvas or, on click, go into the current spread. Pexels requires the credit and the attribution shown here.
 */
export function StockPanel({ album }: StockPanelProps) {
  const features = useFeatures();
  if (features.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <StockSearch
      album={album}
      environment={features.data?.environment ?? 'default'}
      library={features.data?.stock === 'library'}
    />
  );
}

function StockSearch({
  album,
  environment,
  library,
}: StockPanelProps & { environment: 'default' | 'business' | 'sports'; library: boolean }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const queryClient = useQueryClient();
  // Admins curate the local library here, where they see it as users do (DESIGN.md "Outside services").
  const curating = useViewer().isAdmin && library;
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState(() => defaultStockQuery(environment, album.language));
  const query = useDebouncedStockQuery(text);
  const search = useStockSearch(query, stockLocaleFor(album.language));
  const pages = useMemo(() => search.data?.pages ?? [], [search.data]);
  const photos = useMemo(() => pages.flatMap((page) => page.photos), [pages]);
  const provider = pages[0]?.provider;
  const unavailable = search.isError || pages.some((page) => page.unavailable);

  useEffect(() => rememberStockPhotos(photos), [photos]);

  const insert = (photo: StockPhoto) => {
    if (!editor.selectionController.currentSpreadId()) {
      notify.warning(t('stock.noSpread'));
      return;
    }
    insertStockPhotoIntoCurrentSpread(editor, photo);
  };

  const remove = async (photo: StockPhoto) => {
    const confirmed = await confirm({
      title: t('stock.libraryAdmin.deleteTitle'),
      message: t('stock.libraryAdmin.deleteMessage'),
      confirmLabel: t('stock.libraryAdmin.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteLibraryPhoto(photo.id);
    } catch (error) {
      notifyError(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['stock_photos'] });
  };

  return (
    <Stack gap="xs" data-testid="stock-panel">
      {curating && (
        <>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPhotoPlus size={14} />}
            onClick={() => setAdding(true)}
            data-testid="stock-library-add"
          >
            {t('stock.libraryAdmin.add')}
          </Button>
          <StockLibraryModal opened={adding} onClose={() => setAdding(false)} />
        </>
      )}
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('stock.searchPlaceholder')}
        aria-label={t('stock.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-testid="stock-search"
      />
      {query === null ? (
        <Text size="sm" c="dimmed" data-testid="stock-status">
          {t('stock.minChars', { count: STOCK_SEARCH_MIN_CHARS })}
        </Text>
      ) : search.isPending ? (
        <Center py="md" data-testid="stock-status">
          <Loader size="sm" aria-label={t('stock.searching')} />
        </Center>
      ) : unavailable && photos.length === 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="stock-error">
          {t('stock.error')}
        </Alert>
      ) : photos.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="stock-empty">
          {t('stock.empty', { query })}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t('stock.dragHint')}
          </Text>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
            {photos.map((photo) => (
              <StockThumb
                key={photo.id}
                photo={photo}
                onInsert={insert}
                onDelete={curating ? (photo) => void remove(photo) : undefined}
              />
            ))}
          </SimpleGrid>
          {search.hasNextPage && (
            <Button
              variant="light"
              size="xs"
              onClick={() => void search.fetchNextPage()}
              loading={search.isFetchingNextPage}
              data-testid="stock-load-more"
            >
              {t('stock.loadMore')}
            </Button>
          )}
        </>
      )}
      {provider === 'pexels' ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="stock-attribution">
          <Anchor href="https://www.pexels.com" target="_blank" rel="noopener noreferrer" inherit>
            {t('stock.providedBy')}
          </Anchor>
        </Text>
      ) : provider === 'library' ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="stock-attribution">
          {t('stock.library')}
        </Text>
      ) : null}
    </Stack>
  );
}
