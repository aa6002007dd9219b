import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { isPastDay } from '../../ui/format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { albumAnalyticsMetadata } from '../../analytics/index.ts';
import { useCreateAlbum } from '../../api/queries.ts';
import { currentLanguage } from '../../i18n/languages.ts';
import { errorMessage } from '../../ui/notify.ts';
import { analyticsMetadataFrom, toOrganization } from './wizardRules.ts';
import { wizardStore } from './wizardStore.ts';
import type { useWizardFlow } from './useWizardFlow.ts';

type Flow = ReturnType<typeof useWizardFlow>;

interface Props {
  flow: Flow;
  onCreated: (albumId: string) => void;
}

export function ConfirmStep({ flow, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const createAlbum = useCreateAlbum();
  const [showErrors, setShowErrors] = useState(false);
  const { state } = flow;
  const titleError = showErrors && !state.title.trim() ? t('wizard.confirm.titleRequired') : undefined;
  const dateError = showErrors && !state.releaseDate ? t('wizard.confirm.releaseDateRequired') : undefined;

  const create = () => {
    if (!state.blueprintId) return;
    if (!state.title.trim() || !state.releaseDate) return setShowErrors(true);
    const organization = flow.dataStep ? toOrganization(state.organization) : null;
    createAlbum.mutate(
      {
        blueprint_id: state.blueprintId,
        title: state.title.trim(),
        release_date: state.releaseDate,
        language: currentLanguage(i18n.resolvedLanguage),
        ...(organization ? { organization } : {}),
        analytics_metadata: albumAnalyticsMetadata(analyticsMetadataFrom(search)),
      },
      {
        onSuccess: (album) => onCreated(album.id),
      },
    );
  };

  return (
    <Paper withBorder p="xl" maw={560} mx="auto">
      <Stack>
        <Text c="dimmed">{t('wizard.confirm.intro', { template: state.blueprintTitle ?? '' })}</Text>
        {createAlbum.isError && (
          <Alert color="red" data-testid="wizard-create-error">
            {errorMessage(createAlbum.error)}
          </Alert>
        )}
        <TextInput
          label={t('wizard.confirm.albumTitle')}
          placeholder={t('wizard.confirm.albumTitlePlaceholder')}
          required
          maxLength={120}
          value={state.title}
          error={titleError}
          onChange={(event) => wizardStore.update({ title: event.currentTarget.value })}
          data-testid="wizard-title"
        />
        <TextInput
          label={t('wizard.confirm.releaseDate')}
          description={
            isPastDay(state.releaseDate) ? (
              <span style={{ color: 'var(--mantine-color-orange-8)' }} data-testid="release-date-past">
                {t('releaseDate.past')}
              </span>
            ) : (
              t('wizard.confirm.releaseDateHint')
            )
          }
          type="date"
          required
          value={state.releaseDate}
          error={dateError}
          onChange={(event) => wizardStore.update({ releaseDate: event.currentTarget.value })}
          data-testid="wizard-release-date"
        />
        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            onClick={() => flow.goTo(flow.dataStep ? 'data' : 'blueprints')}
          >
            {t('common.back')}
          </Button>
          <Button
            size="md"
            leftSection={<IconSparkles size={18} />}
            loading={createAlbum.isPending}
            onClick={create}
            data-testid="wizard-create"
          >
            {t('wizard.confirm.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
