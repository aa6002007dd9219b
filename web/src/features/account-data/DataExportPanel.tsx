import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { DataExportView } from '@stickerbook/api';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../ui/format.ts';

/**
 * "Download my data" (issue 24): starts the export job, shows its progress while it runs and the download once
 * the zip is ready. The profile shows it for the user, the back office's user page for an admin.
 */
export function DataExportPanel({
  dataExport,
  onStart,
  starting,
  forAdmin = false,
}: {
  dataExport: DataExportView | undefined;
  onStart: () => void;
  starting: boolean;
  forAdmin?: boolean;
}) {
  const { t } = useTranslation();
  const state = dataExport?.state ?? 'none';
  return (
    <Stack gap="sm" data-testid="data-export">
      <Title order={2} size="h4">
        {t('accountData.export.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {forAdmin ? t('accountData.export.adminIntro') : t('accountData.export.intro')}
      </Text>
      {state === 'working' && (
        <Stack gap={4}>
          <Text size="sm">{t('accountData.export.working', { progress: dataExport?.progress ?? 0 })}</Text>
          <Progress value={dataExport?.progress ?? 0} animated aria-label={t('accountData.export.title')} />
          {!forAdmin && (
            <Text size="xs" c="dimmed">
              {t('accountData.export.mailHint')}
            </Text>
          )}
        </Stack>
      )}
      {state === 'error' && <Alert color="red">{t('accountData.export.failed')}</Alert>}
      {state === 'finished' && dataExport?.blob_url && (
        <Group gap="sm">
          <Button
            component="a"
            href={dataExport.blob_url}
            download
            leftSection={<IconFileZip size={16} />}
            data-testid="data-export-download"
          >
            {t('accountData.export.download', { size: formatFileSize(dataExport.byte_size ?? 0) })}
          </Button>
          {dataExport.finished_at && (
            <Text size="xs" c="dimmed">
              {t('accountData.export.madeAt', { date: formatDateTime(dataExport.finished_at) })}
            </Text>
          )}
        </Group>
      )}
      {state !== 'working' && (
        <Group>
          <Button
            variant={state === 'finished' ? 'default' : 'filled'}
            leftSection={<IconDownload size={16} />}
            loading={starting}
            onClick={onStart}
            data-testid="data-export-start"
          >
            {state === 'finished' ? t('accountData.export.again') : t('accountData.export.start')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
