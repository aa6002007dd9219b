import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { pageBoxLabel, spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { editorPath } from '../editor-shell/editorKeys.ts';
import { groupProblems, type Problem } from '../editor-shell/problemGroups.ts';
import { ProblemGroups } from '../editor-shell/ProblemGroups.tsx';
import type { PreflightEntry } from './api.ts';
import { useAlbumRenderData } from './PreviewStep.tsx';

/** Where an entry is fixed: the editor, opened at its spread (the editor reads `?spread=`). */
export function editorLinkFor(albumId: string, entry: { spread_id?: string }): string {
  const path = editorPath(albumId, 'stickers');
  return entry.spread_id ? `${path}?spread=${encodeURIComponent(entry.spread_id)}` : path;
}

/**
 * The server's preflight entries as the grouping reads them. The page box labels and chapter names come from the
 * album as the preview step draws it (the same cached GET /albums/{id}/preview); until it is in, places are
 * unnamed but still link to their spread.
 */
export function checkoutProblems(
  errors: readonly PreflightEntry[],
  workspace: AlbumDocument | undefined,
): Problem[] {
  const order = workspace ? spreadsInOrder(workspace).map((spread) => spread.id) : [];
  return errors.map((entry) => {
    const ordinal = entry.spread_id ? order.indexOf(entry.spread_id) : -1;
    const name = entry.section_id ? workspace?.nodes[entry.section_id]?.props.name : undefined;
    return {
      code: entry.code,
      severity: 'error',
      spreadId: entry.spread_id,
      elementId: entry.element_id,
      pages: ordinal >= 0 ? pageBoxLabel(ordinal, order.length) : undefined,
      name: !entry.spread_id && typeof name === 'string' ? name : undefined,
      message: entry.message,
    };
  });
}

/**
 * SPEC §5: an album with preflight errors cannot be ordered. Shown on the preview step (before the form, as a
 * final page-by-page check) and again beside the order button: grouped by kind with a count and advice, each page
 * a link to where it is fixed.
 */
export function AlbumErrors({ albumId, errors }: { albumId: string; errors: readonly PreflightEntry[] }) {
  const { t } = useTranslation();
  const preview = useAlbumRenderData(albumId);
  const workspace = preview.data?.workspace;
  const groups = useMemo(() => groupProblems(checkoutProblems(errors, workspace)), [errors, workspace]);
  if (errors.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('checkout.albumErrors.title', { count: errors.length })}
      data-testid="album-errors"
    >
      <ProblemGroups
        groups={groups}
        placeLink={(place) => editorLinkFor(albumId, { spread_id: place.spreadId })}
      />
    </Alert>
  );
}
