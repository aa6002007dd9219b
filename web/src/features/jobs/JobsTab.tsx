import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { EXPORT_FORMATS, EXPORT_RESOLUTIONS, type PrintSettings } from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Album } from '../../api/types.ts';
import { errorMessage, notifyError } from '../../ui/notify.ts';
import {
  CUSTOM_MODES,
  MENU_PRESETS,
  currentSpreadRequest,
  initialJobForm,
  jobFormProblems,
  jobRequest,
  withPreset,
  type JobFormState,
} from './jobForm.ts';
import { RenderJobList } from './RenderJobList.tsx';
import { useCreateRenderJob, useSetAlbumLocked, type NewRenderJob } from './queries.ts';

interface Props {
  album: Pick<Album, 'id' | 'locked'>;
  /** The spread the editor shows (0 = cover), asked when "current spread" is clicked; no button without it. */
  currentSpreadOrdinal?: () => number | undefined;
}

const FLAGS = ['showStickers', 'includeCover', 'includeBleed', 'cropMarks', 'compress', 'pdfx'] as const;

/**
 * The editor's jobs tab (admin only, SPEC §2/§4): the album lock switch, print exports from a preset or custom
 * settings, the current spread as PDF, and the album's export jobs with progress and downloads.
 */
export function JobsTab({ album, currentSpreadOrdinal }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<JobFormState>(() => initialJobForm());
  const create = useCreateRenderJob(album.id);
  const lock = useSetAlbumLocked(album.id);
  const problems = jobFormProblems(form);
  const custom = form.preset === 'custom';

  const start = (request: NewRenderJob) =>
    create.mutate(request, {
      // SPEC §8: a render job that cannot be created is reported with a browser alert.
      onError: (error) => window.alert(`${t('print.jobs.createFailed')}\n${errorMessage(error)}`),
    });
  const setSetting = <K extends keyof PrintSettings>(key: K, value: PrintSettings[K]) =>
    setForm((f) => ({ ...f, preset: 'custom', settings: { ...f.settings, [key]: value } }));

  return (
    <Stack gap="md" data-testid="jobs-tab">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={4}>{t('print.jobs.title')}</Title>
        <Switch
          label={t('print.jobs.lock')}
          checked={Boolean(album.locked)}
          disabled={lock.isPending}
          onChange={(event) => lock.mutate(event.currentTarget.checked, { onError: notifyError })}
          data-testid="album-lock-switch"
        />
      </Group>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Stack gap="xs">
            <NativeSelect
              label={t('print.jobs.preset')}
              value={form.preset}
              onChange={(event) =>
                setForm((f) => withPreset(f, event.currentTarget.value as JobFormState['preset']))
              }
              data={MENU_PRESETS.map((p) => ({ value: p, label: t(`print.presets.${p}`) }))}
              data-testid="job-preset"
            />
            <TextInput
              label={t('print.jobs.label')}
              value={form.label}
              maxLength={100}
              onChange={(event) => {
                const label = event.currentTarget.value;
                setForm((f) => ({ ...f, label }));
              }}
              data-testid="job-label"
            />
          </Stack>
          {custom && (
            <Stack gap="xs" data-testid="job-custom">
              <Stack gap="xs">
                <NativeSelect
                  label={t('print.jobs.mode')}
                  value={form.settings.mode}
                  onChange={(event) => setSetting('mode', event.currentTarget.value)}
                  data={CUSTOM_MODES.map((m) => ({ value: m, label: t(`print.modes.${m}`) }))}
                />
                <NativeSelect
                  label={t('print.jobs.format')}
                  value={form.settings.format}
                  onChange={(event) =>
                    setSetting('format', event.currentTarget.value as PrintSettings['format'])
                  }
                  data={EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
                />
                <NativeSelect
                  label={t('print.jobs.resolution')}
                  value={form.settings.resolution}
                  onChange={(event) =>
                    setSetting('resolution', event.currentTarget.value as PrintSettings['resolution'])
                  }
                  data={EXPORT_RESOLUTIONS.map((r) => ({ value: r, label: t(`print.resolutions.${r}`) }))}
                />
              </Stack>
              <Stack gap="xs">
                <TextInput
                  label={t('print.jobs.dpi')}
                  value={form.dpiText}
                  onChange={(event) => {
                    const dpiText = event.currentTarget.value;
                    setForm((f) => ({ ...f, dpiText }));
                  }}
                  error={problems.includes('INVALID_DPI') ? t('print.jobs.invalidDpi') : undefined}
                  data-testid="job-dpi"
                />
                <TextInput
                  label={t('print.jobs.range')}
                  placeholder="1-3,5"
                  value={form.settings.range}
                  onChange={(event) => setSetting('range', event.currentTarget.value)}
                  error={problems.includes('INVALID_RANGE') ? t('print.jobs.invalidRange') : undefined}
                  data-testid="job-range"
                />
              </Stack>
              <Stack gap={6}>
                {FLAGS.map((flag) => (
                  <Checkbox
                    key={flag}
                    label={t(`print.flags.${flag}`)}
                    checked={form.settings[flag]}
                    onChange={(event) => setSetting(flag, event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Stack>
          )}
          <Stack gap="xs">
            {currentSpreadOrdinal !== undefined && (
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                loading={create.isPending}
                onClick={() => start(currentSpreadRequest(album.id, currentSpreadOrdinal() ?? 0))}
                data-testid="job-current-spread"
              >
                {t('print.jobs.currentSpread')}
              </Button>
            )}
            <Button
              leftSection={<IconPrinter size={16} />}
              loading={create.isPending}
              disabled={problems.length > 0}
              onClick={() => start(jobRequest(album.id, form))}
              data-testid="job-create"
            >
              {t('print.jobs.create')}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      <Text fw={700}>{t('print.jobs.listTitle')}</Text>
      <RenderJobList albumId={album.id} />
    </Stack>
  );
}
