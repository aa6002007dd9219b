import { Avatar, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../api/queries.ts';
import type { User } from '../../api/types.ts';
import { getSession, setSession } from '../../auth/session.ts';
import { notify, notifyError } from '../../ui/notify.ts';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const form = useForm({
    initialValues: { nickname: user.nickname ?? '', picture: user.picture ?? '' },
    validate: {
      picture: (value) => (!value || /^https?:\/\//.test(value) ? null : t('profile.pictureInvalid')),
    },
  });

  const submit = form.onSubmit((values) =>
    updateMe.mutate(
      { nickname: values.nickname.trim() || null, picture: values.picture.trim() || null },
      {
        onSuccess: (saved) => {
          const session = getSession();
          if (session.kind === 'user') setSession({ ...session, user: { ...session.user, ...saved } });
          form.resetDirty();
          notify.success(t('profile.saved'));
        },
        onError: notifyError,
      },
    ),
  );

  return (
    <form onSubmit={submit}>
      <Stack>
        <Group>
          <Avatar src={form.values.picture || null} size={72} radius="xl" color="coral">
            {(form.values.nickname || user.email).slice(0, 1).toUpperCase()}
          </Avatar>
          <TextInput
            label={t('auth.email')}
            value={user.email}
            readOnly
            variant="filled"
            style={{ flex: 1 }}
          />
        </Group>
        <TextInput
          label={t('auth.nickname')}
          maxLength={60}
          {...form.getInputProps('nickname')}
          data-testid="profile-nickname"
        />
        <TextInput label={t('profile.picture')} placeholder="https://" {...form.getInputProps('picture')} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={updateMe.isPending}
            disabled={!form.isDirty()}
            data-testid="profile-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
