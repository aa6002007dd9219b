import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { albumStatistics } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useEditorDoc } from '../editorHooks.ts';

/** SPEC §3 album statistics: inlay spreads, spreads still needed for binding, spine width in mm. */
export function AlbumStatisticsCard() {
  const { t, i18n } = useTranslation();
  const stats = albumStatistics(useEditorDoc());
  const mm = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
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
