import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { uploadStore, useUploadJobs, type UploadJob, type UploadStore } from './uploadStore.ts';

const COLORS: Record<UploadJob['state'], string> = {
  queued: 'gray',
  working: 'blue',
  exists: 'teal',
  finished: 'teal',
  error: 'red',
};

/** Per-file upload state with a progress bar (SPEC §4 upload job states). Renders nothing without jobs. */
export function UploadProgress({ store = uploadStore }: { store?: UploadStore }) {
  const { t } = useTranslation();
  const jobs = useUploadJobs(store);
  if (jobs.length === 0) return null;
  const done = jobs.some((job) => job.state === 'finished' || job.state === 'error');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="upload-progress" aria-live="polite">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t('images.upload.title')}
        </Text>
        {done && (
          <Button size="compact-xs" variant="subtle" onClick={() => store.clearDone()}>
            {t('images.upload.clear')}
          </Button>
        )}
      </Group>
      <Stack gap={8}>
        {jobs.map((job) => (
          <div key={job.id} data-testid="upload-job" data-state={job.state}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" truncate="end" style={{ minWidth: 0 }}>
                {job.fileName}
              </Text>
              <Text size="xs" c={COLORS[job.state]} style={{ flexShrink: 0 }}>
                {t(`images.states.${job.state}`)}
              </Text>
            </Group>
            <Progress
              size="sm"
              color={COLORS[job.state]}
              value={job.state === 'queued' ? 0 : job.state === 'working' ? job.progress * 100 : 100}
              animated={job.state === 'working' || job.state === 'exists'}
              aria-label={job.fileName}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
