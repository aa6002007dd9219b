import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { emailError } from '../auth/validation.ts';
import { CONTACT_EMAIL } from '../../ui/layout/helpLinks.ts';
import { errorMessage } from '../../ui/notify.ts';
import { SUPPORT_MESSAGE_MAX_CHARS, sendSupportMessage } from './api.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user's address (shown, not editable); null asks for one. */
  accountEmail: string | null;
  /** The album the page is about; sent along so the team knows which one. */
  albumId: string | null;
  pagePath: string;
}

interface FieldProblem {
  field: string;
  code: string;
}

/**
 * SPEC §7 help widget, built-in "Contact us" form: a message to the team, answered by e-mail. The album id and the
 * page go along by themselves. After sending it says so; a failure keeps everything typed so it can be sent again.
 */
export function ContactModal({ opened, onClose, accountEmail, albumId, pagePath }: Props) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { message: '', email: '' },
    validate: {
      message: (value) => messageError(value),
      email: (value) => (accountEmail ? null : emailError(value, t)),
    },
  });

  function messageError(value: string): string | null {
    if (!value.trim()) return t('support.form.messageRequired');
    if (value.trim().length > SUPPORT_MESSAGE_MAX_CHARS)
      return t('support.form.messageTooLong', { max: SUPPORT_MESSAGE_MAX_CHARS });
    return null;
  }

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const email = accountEmail ?? values.email.trim();
    try {
      await sendSupportMessage({
        message: values.message.trim(),
        ...(accountEmail ? {} : { email }),
        ...(albumId ? { album_id: albumId } : {}),
        page_path: pagePath,
      });
      setSentTo(email);
    } catch (error) {
      // The server's field problems go to their fields; anything else above the form.
      const fields = isApiError(error)
        ? ((error.details as { fields?: FieldProblem[] } | undefined)?.fields ?? [])
        : [];
      const messageProblem = fields.find((field) => field.field === 'message');
      const emailProblem = fields.find((field) => field.field === 'email');
      if (messageProblem) {
        form.setFieldError(
          'message',
          messageProblem.code === 'too_big'
            ? t('support.form.messageTooLong', { max: SUPPORT_MESSAGE_MAX_CHARS })
            : t('support.form.messageRequired'),
        );
      }
      if (emailProblem) form.setFieldError('email', t('errors.auth.emailInvalid'));
      if (!messageProblem && !emailProblem) setFailure(error);
    }
  });

  const close = () => {
    onClose();
    // A sent message starts a fresh form next time; an unsent one is kept.
    if (sentTo) {
      form.reset();
      setSentTo(null);
    }
  };

  const length = form.values.message.trim().length;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('support.form.title')}
      size="lg"
      data-testid="support-modal"
    >
      {sentTo ? (
        <Stack>
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={20} />}
            title={t('support.form.sentTitle')}
            data-testid="support-sent"
          >
            {t('support.form.sentBody', { email: sentTo })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} data-testid="support-done">
              {t('support.form.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('support.form.intro')}
            </Text>
            {failure !== null && (
              <Alert color="red" variant="light" data-testid="support-error">
                {errorMessage(failure)} {t('support.form.fallback', { email: CONTACT_EMAIL })}
              </Alert>
            )}
            <Textarea
              label={t('support.form.message')}
              required
              autosize
              minRows={5}
              maxRows={12}
              description={t('support.form.characters', { count: length, max: SUPPORT_MESSAGE_MAX_CHARS })}
              data-autofocus
              data-testid="support-message"
              {...form.getInputProps('message')}
            />
            {accountEmail ? (
              <TextInput
                label={t('support.form.email')}
                description={t('support.form.emailAccount')}
                value={accountEmail}
                readOnly
                variant="filled"
                data-testid="support-email"
              />
            ) : (
              <TextInput
                label={t('support.form.email')}
                description={t('support.form.emailGuest')}
                type="email"
                autoComplete="email"
                required
                data-testid="support-email"
                {...form.getInputProps('email')}
              />
            )}
            {albumId && (
              <Text size="sm" c="dimmed" data-testid="support-album">
                {t('support.form.albumAttached', { id: albumId })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={form.submitting} data-testid="support-send">
                {t('support.form.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
