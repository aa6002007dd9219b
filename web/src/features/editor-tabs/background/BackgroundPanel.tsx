import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { editorPath } from '../../editor-shell/editorKeys.ts';
import type { TabPanelProps } from '../types.ts';
import { StockPanel } from '../../stock/index.ts';
import { AlbumImagesPanel } from '../../images/index.ts';
import { useEditorDoc } from '../editorHooks.ts';

/**
 * SPEC §2 background tab with its sub-tabs (URL .../background/{images|stock}): the album's uploaded images and
 * stock photos: upload and drag the album's images (with their low-resolution marks), or search stock photos.
 */
export function BackgroundPanel({ album, view }: TabPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const source = view.backgroundSource ?? 'images';
  return (
    <Stack gap="sm" data-testid="background-panel">
      <Title order={4}>{t('structure.background.title')}</Title>
      <Tabs
        value={source}
        onChange={(value) =>
          value &&
          navigate(
            value === 'images'
              ? editorPath(album.id, 'background')
              : editorPath(album.id, 'background', value),
          )
        }
      >
        <Tabs.List grow>
          <Tabs.Tab value="images" data-testid="background-images-tab">
            {t('structure.background.images')}
          </Tabs.Tab>
          <Tabs.Tab value="stock" data-testid="background-stock-tab">
            {t('structure.background.stock')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {source === 'images' ? <AlbumImages albumId={album.id} /> : <StockPanel album={album} />}
    </Stack>
  );
}

function AlbumImages({ albumId }: { albumId: string }) {
  const doc = useEditorDoc();
  return <AlbumImagesPanel albumId={albumId} doc={doc} />;
}
