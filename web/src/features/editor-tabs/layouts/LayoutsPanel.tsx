import { Alert, Button, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Layout } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { SpreadCreationModal } from '../../spread-creation/SpreadCreationModal.tsx';
import { spreadCreationTarget } from '../../spread-creation/route.ts';
import { useDerivedAfterPaint } from '../../../editor/ui/useEditorValue.ts';
import { useCanEdit } from '../editorHooks.ts';
import type { TabPanelProps } from '../types.ts';
import { AlbumStatisticsCard } from './AlbumStatisticsCard.tsx';
import { applyLayoutToSpread, startLayoutDrag } from './layoutDrop.ts';
import { LayoutPreview } from './LayoutPreview.tsx';
import { useAlbumLayouts } from './useLayouts.ts';

/**
 * SPEC §2 layouts tab: the album's spread statistics (SPEC §3: inner spreads, spreads still needed, spine) beside
 * the New spread button they call for, then the blueprint's layouts as rendered previews. Drag one onto a spread to replace its
 * content, or click it to place it on the current spread (asking to overwrite unless elements are selected, which
 * says which spread is meant). /album/{id}/layouts?new opens the spread creation modal.
 */
export function LayoutsPanel({ album }: TabPanelProps) {
  const { t } = useTranslation();
  const editor = useEditor();
  // Only the album's style matters here (previews in its colours and fonts): no re-render on other edits.
  const settings = useDerivedAfterPaint([editor.version], () => editor.doc.settings);
  const editable = useCanEdit();
  const [params, setParams] = useSearchParams();
  const { previewDoc, layouts, isPending, isError } = useAlbumLayouts(album, settings);
  const creation = spreadCreationTarget(params);

  const place = (layout: Layout) => {
    const selected = editor.selection.get().length > 0;
    const spreadId = editor.selectionController.currentSpreadId();
    if (spreadId) void applyLayoutToSpread(editor, spreadId, layout, !selected);
  };

  return (
    <Stack gap="sm" data-testid="layouts-panel">
      <Title order={4}>{t('structure.layouts.title')}</Title>
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={() => setParams({ new: '1' })}
        disabled={!editable}
        data-testid="open-spread-creation"
      >
        {t('structure.layouts.newSpread')}
      </Button>
      <AlbumStatisticsCard />
      <Text size="xs" c="dimmed">
        {t('structure.layouts.hint')}
      </Text>
      {isPending && <Loader size="sm" />}
      {isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {!isPending && !isError && layouts.length === 0 && (
        <Text c="dimmed">{t('structure.layouts.none')}</Text>
      )}
      <Stack gap="md" align="center">
        {previewDoc &&
          layouts.map((layout, i) => (
            <UnstyledButton
              key={layout.id}
              draggable={editable}
              onDragStart={(event) => startLayoutDrag(event.dataTransfer, layout)}
              onClick={() => editable && place(layout)}
              aria-label={t('structure.layouts.layoutLabel', { number: i + 1 })}
              data-testid="layout-tile"
              data-layout-id={layout.id}
            >
              <LayoutPreview doc={previewDoc} spreadId={layout.id} widthPx={236} />
            </UnstyledButton>
          ))}
      </Stack>
      {creation && (
        <SpreadCreationModal
          key={`${creation.afterSpreadId ?? 'end'}`}
          albumId={album.id}
          target={creation}
          layouts={layouts}
          previewDoc={previewDoc}
          onClose={() => setParams({}, { replace: true })}
        />
      )}
    </Stack>
  );
}
