import { Stack, Text } from '@mantine/core';
import { albumStatistics, type AlbumStatistics } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { useDerivedAfterPaint } from '../../../editor/ui/useEditorValue.ts';

const same = (a: AlbumStatistics, b: AlbumStatistics) =>
  a.spreadsCount === b.spreadsCount && a.spine === b.spine;

/**
 * "12 spreads · spine 1.4 mm" from the live document (packages/model albumStatistics, SPEC §3/§9), the same
 * figures GET /albums/:id reports as `statistics`, but current while the album is being edited. Spreads missing
 * for the binding are a preflight error (SPREADS_MISSING_FOR_BINDING), listed with the review tab's problems.
 */
export function AlbumSizeLine() {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const stats = useDerivedAfterPaint([editor.version], () => albumStatistics(editor.doc), same);
  const spine = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(stats.spine);
  return (
    <Stack gap={2} data-testid="album-size-line">
      <Text size="sm" c="dimmed">
        {t('review.size', { count: stats.inlaySpreadsCount, spine })}
      </Text>
    </Stack>
  );
}
