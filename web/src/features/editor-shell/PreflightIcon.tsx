/**
 * Preflight-error icon of the top bar (SPEC §2, desktop): the album's print problems in a tooltip with a
 * warning icon (SPEC §8). `AlbumPreflightIcon` fills it from the album's print-quality check (features/images
 * usePreflight: low-resolution and oversized photos); with no problems the tooltip says so.
 */
import { ActionIcon, Indicator, List, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { albumImageRegistry } from '../images/index.ts';
import { useAlbumPreflight } from './albumPreflight.ts';

/** The top bar's icon with the open album's preflight entries. */
export function AlbumPreflightIcon({ albumId }: { albumId: string }) {
  const entries = useAlbumPreflight(albumImageRegistry(albumId));
  return <PreflightIcon errors={entries.map((entry) => entry.message)} />;
}

export function PreflightIcon({ errors = [] }: { errors?: readonly string[] }) {
  const { t } = useTranslation();
  const label =
    errors.length === 0 ? (
      <Text size="sm">{t('editorUi.preflight.none')}</Text>
    ) : (
      <List size="sm">
        {errors.map((error, i) => (
          <List.Item key={i} data-testid="preflight-entry">
            {error}
          </List.Item>
        ))}
      </List>
    );
  return (
    <Tooltip label={label} multiline w={280} withinPortal>
      <Indicator disabled={errors.length === 0} label={errors.length} size={16} color="red" visibleFrom="md">
        <ActionIcon
          variant="subtle"
          color={errors.length === 0 ? 'gray' : 'orange'}
          size="lg"
          aria-label={t('editorUi.preflight.label')}
          data-testid="preflight-icon"
        >
          {errors.length === 0 ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
