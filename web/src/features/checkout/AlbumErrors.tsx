import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { editorPath } from '../editor-shell/editorKeys.ts';
import type { PreflightEntry } from './api.ts';

/** Where an entry is fixed: the editor, opened at its spread (the editor reads `?spread=`). */
export function editorLinkFor(albumId: string, entry: PreflightEntry): string {
  const path = editorPath(albumId, 'stickers');
  return entry.spread_id ? `${path}?spread=${encodeURIComponent(entry.spread_id)}` : path;
}

/** SPEC §5: an album with preflight errors cannot be ordered; each error links to where it is fixed. */
export function AlbumErrors({ albumId, errors }: { albumId: string; errors: readonly PreflightEntry[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('checkout.albumErrors.title', { count: errors.length })}
      data-testid="album-errors"
    >
      <List size="sm" spacing={4}>
        {errors.map((entry, index) => (
          <List.Item
            key={`${entry.code}-${entry.element_id ?? entry.sticker_id ?? entry.section_id ?? index}`}
          >
            <Anchor
              component={Link}
              to={editorLinkFor(albumId, entry)}
              size="sm"
              data-testid="album-error-link"
            >
              {entry.message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
