import { Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { accountLanguage } from '../../i18n/accountLanguage.ts';
import { LANGUAGES, LANGUAGE_NAMES } from '../../i18n/languages.ts';
import { confirm } from '../../ui/confirm.tsx';
import { isoDay, isPastDay } from '../../ui/format.ts';
import { notify } from '../../ui/notify.ts';
import { useDeleteAlbumFromSettings, useSaveAlbumSettings, type AlbumWithSettings } from './api.ts';
import { PreviewLinkSettings } from './PreviewLinkSettings.tsx';
import { AlbumSizeLine } from '../editor-tabs/review/AlbumSizeLine.tsx';
import { albumDeleteFailedText } from '../start/albumDeleteError.ts';

interface Props {
  album: AlbumWithSettings;
  /** SPEC §2: the mobile editor has no danger zone. */
  mobile: boolean;
}

/**
 * Settings tab "general": title, release date, the album's language (it drives the album's automatic texts and
 * mails, e.g. the invitation mail) and e-mail notifications, the public preview link, plus the owner's danger zone.
 */
export function GeneralSettings({ album, mobile }: Props) {
  const { t } = useTranslation();
  const save = useSaveAlbumSettings(album.id, album.language);
  const form = useForm({
    initialValues: {
      title: album.title,
      releaseDate: isoDay(album.releaseDate),
      language: accountLanguage(album.language) ?? 'de',
      emailNotificationsEnabled: album.emailNotificationsEnabled,
    },
    // SPEC §5: the album title may not be empty.
    validate: { title: (value) => (value.trim() ? null : t('albumSettings.general.titleRequired')) },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        title: values.title.trim(),
        releaseDate: values.releaseDate || null,
        language: values.language,
        email_notifications_enabled: values.emailNotificationsEnabled,
      },
      {
        onSuccess: () => {
          form.resetDirty({ ...values, title: values.title.trim() });
          notify.success(t('albumSettings.general.saved'));
        },
        // SPEC §8: settings save error.
        onError: () => notify.error(t('albumSettings.general.saveError')),
      },
    ),
  );

  return (
    <Stack gap="lg">
      <form onSubmit={submit} data-testid="settings-general-form">
        <Stack gap="sm">
          <TextInput
            label={t('albumSettings.general.title')}
            maxLength={200}
            {...form.getInputProps('title')}
            data-testid="settings-title"
          />
          <TextInput
            type="date"
            label={t('albumSettings.general.releaseDate')}
            description={
              isPastDay(form.values.releaseDate) ? (
                <span style={{ color: 'var(--mantine-color-orange-8)' }} data-testid="release-date-past">
                  {t('releaseDate.past')}
                </span>
              ) : undefined
            }
            {...form.getInputProps('releaseDate')}
            data-testid="settings-release-date"
          />
          {/* The page count decides the spine and the price, so it sits with the album's basics. */}
          <AlbumSizeLine />
          <Select
            label={t('albumSettings.general.language')}
            description={t('albumSettings.general.languageHint')}
            data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
            data-testid="settings-language"
          />
          <Switch
            label={t('albumSettings.general.emailNotifications')}
            description={t('albumSettings.general.emailNotificationsHint')}
            {...form.getInputProps('emailNotificationsEnabled', { type: 'checkbox' })}
            data-testid="settings-email-notifications"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!form.isDirty()}
              data-testid="settings-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <PreviewLinkSettings album={album} />
      {album.is_owner && !mobile && <DangerZone album={album} />}
    </Stack>
  );
}

/** SPEC §5: deleting the album needs confirmation; afterwards the owner is back on the start page. */
function DangerZone({ album }: { album: AlbumWithSettings }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAlbumFromSettings(album.id, () => navigate('/start', { replace: true }));

  async function deleteAlbum() {
    const ok = await confirm({
      title: t('albumSettings.danger.confirmTitle'),
      message: t('albumSettings.danger.confirmMessage', { title: album.title }),
      confirmLabel: t('albumSettings.danger.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(undefined, { onError: (error) => notify.error(albumDeleteFailedText(error)) });
  }

  return (
    <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="xs">
        <Title order={5} c="red.7">
          {t('albumSettings.danger.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('albumSettings.danger.body')}
        </Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="outline"
            loading={remove.isPending}
            onClick={deleteAlbum}
            data-testid="settings-delete-album"
          >
            {t('albumSettings.danger.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
