import { ActionIcon, Anchor, Badge, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../ui/notify.ts';
import { useDeleteRenderJob, useRenderJobs, type RenderJob } from './queries.ts';
import { confirm } from '../../ui/confirm.tsx';
import { formatDateTime } from '../../ui/format.ts';

const STATE_COLORS: Record<RenderJob['state'], string> = {
  queued: 'gray',
  working: 'blue',
  finished: 'teal',
  error: 'red',
};

/** The album's export jobs, newest first, refreshed every 5 s: state, progress bar, download, delete. */
export function RenderJobList({ albumId }: { albumId: string }) {
  const { t } = useTranslation();
  const jobs = useRenderJobs(albumId);
  const remove = useDeleteRenderJob(albumId);
  if (jobs.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (jobs.isError) return <Text c="red">{t('errors.generic')}</Text>;
  if (jobs.data.length === 0)
    return (
      <Text c="dimmed" data-testid="render-jobs-empty">
        {t('print.jobs.empty')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="render-jobs">
      {jobs.data.map((job) => {
        const title = job.settings.label || t(`print.presets.${job.settings.preset ?? 'custom'}`);
        return (
          <Paper
            key={job.id}
            withBorder
            p="sm"
            radius="md"
            data-testid="render-job"
            data-state={job.state}
            data-job-id={job.id}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} truncate>
                    {title}
                  </Text>
                  <Badge color={STATE_COLORS[job.state]} variant="light" data-testid="render-job-state">
                    {t(`print.states.${job.state}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(job.created_at)} · {job.params.format.toUpperCase()} · {job.params.dpi} dpi
                  {job.pages_total
                    ? ` · ${t('print.jobs.pages', { done: job.pages_done, total: job.pages_total })}`
                    : ''}
                </Text>
                {job.state !== 'finished' && job.state !== 'error' && (
                  <Progress
                    value={job.progress}
                    animated={job.state === 'working'}
                    aria-label={t('print.jobs.progress')}
                    data-testid="render-job-progress"
                  />
                )}
                {job.state === 'error' && (
                  <Text size="xs" c="red">
                    {t('print.jobs.failed')}
                  </Text>
                )}
              </Stack>
              {job.file_url && (
                <Tooltip label={t('print.jobs.download')}>
                  <Anchor
                    href={job.file_url}
                    download={job.file_name ?? undefined}
                    data-testid="render-job-download"
                    aria-label={t('print.jobs.download')}
                  >
                    <IconDownload size={20} />
                  </Anchor>
                </Tooltip>
              )}
              <Tooltip label={t('print.jobs.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('print.jobs.delete')}
                  loading={remove.isPending && remove.variables === job.id}
                  onClick={async () => {
                    const confirmed = await confirm({
                      title: t('print.jobs.deleteTitle'),
                      message: t('print.jobs.deleteMessage'),
                      confirmLabel: t('print.jobs.delete'),
                      danger: true,
                    });
                    if (confirmed) remove.mutate(job.id, { onError: notifyError });
                  }}
                  data-testid="render-job-delete"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
