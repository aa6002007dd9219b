import '@mantine/core/styles/Progress.css';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/notify.ts';
import { formatDateTime } from '../orders/format.ts';
import { isProofRunning, useLatestProof, useStartProof } from './queries.ts';

/**
 * A proof PDF of the whole album (the print pipeline at screen resolution, stamped "not for print"), so the owner
 * can check every page before approving the print: starts the export, shows its progress, then offers the file.
 */
export function ProofDownloadButton({ albumId }: { albumId: string }) {
  const { t } = useTranslation();
  const proof = useLatestProof(albumId);
  const start = useStartProof(albumId);
  const job = proof.data ?? null;
  const running = isProofRunning(job ?? undefined) || start.isPending;
  const failed = job?.state === 'error' && job.attempts >= 3;

  const startButton = (label: string, variant: 'filled' | 'light' | 'subtle') => (
    <Button
      variant={variant}
      size={variant === 'subtle' ? 'compact-xs' : 'sm'}
      leftSection={job ? <IconRefresh size={14} /> : <IconFileText size={16} />}
      onClick={() => start.mutate()}
      loading={start.isPending}
      disabled={proof.isPending}
      data-testid="proof-start"
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="xs" data-testid="proof-download">
      {running ? (
        <Stack gap={4} data-testid="proof-progress">
          <Text size="sm">
            {job?.pages_total
              ? t('proof.renderingPages', { done: job.pages_done, total: job.pages_total })
              : t('proof.rendering')}
          </Text>
          <Progress value={Math.max(job?.progress ?? 0, 3)} animated aria-label={t('proof.rendering')} />
        </Stack>
      ) : job?.state === 'finished' && job.file_url ? (
        <Stack gap={6}>
          <Button
            component="a"
            href={job.file_url}
            download={job.file_name ?? undefined}
            target="_blank"
            rel="noopener"
            leftSection={<IconDownload size={16} />}
            data-testid="proof-file"
          >
            {t('proof.download')}
          </Button>
          <Group justify="space-between" gap={4}>
            <Text size="xs" c="dimmed">
              {t('proof.madeAt', { date: formatDateTime(job.created_at) })}
            </Text>
            {startButton(t('proof.again'), 'subtle')}
          </Group>
        </Stack>
      ) : (
        startButton(t('proof.create'), 'light')
      )}
      {failed && (
        <Alert color="red" p="xs" data-testid="proof-failed">
          {t('proof.failed')}
        </Alert>
      )}
      {start.isError && (
        <Alert color="red" p="xs" data-testid="proof-error">
          {errorMessage(start.error)}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('proof.hint')}
      </Text>
    </Stack>
  );
}
