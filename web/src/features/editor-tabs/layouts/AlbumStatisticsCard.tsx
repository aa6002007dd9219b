import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { albumStatistics, type AlbumStatistics } from '@stickerbook/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { useDerivedAfterPaint } from '../../../editor/ui/useEditorValue.ts';

const sameStatistics = (a: AlbumStatistics, b: AlbumStatistics): boolean =>
  a.spreadsCount === b.spreadsCount && a.spine === b.spine;

/**
 * SPEC §3 album statistics: inlay spreads, spreads still needed for binding, spine width in mm (SPEC §9). They
 * follow the spreads, so they sit in the layouts tab, where spreads are added; the print renderer gets the same
 * figures with its render data. The card re-renders only when the number of spreads changes.
 */
export function AlbumStatisticsCard() {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const stats = useDerivedAfterPaint([editor.version], () => albumStatistics(editor.doc), sameStatistics);
  const mm = useMemo(
    () => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const cells: Array<[string, string, string]> = [
    ['inlay', t('structure.stats.inlaySpreads'), String(stats.inlaySpreadsCount)],
    ['needed', t('structure.stats.spreadsNeeded'), String(stats.spreadsNeeded)],
    ['spine', t('structure.stats.spine'), `${mm.format(stats.spine)} mm`],
  ];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="album-statistics">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {t('structure.stats.title')}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {cells.map(([key, label, value]) => (
          <Stack key={key} gap={0}>
            <Text fw={700} data-testid={`stat-${key}`}>
              {value}
            </Text>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
