import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { DeleteAccountBody, DeletionPlanView } from '@stickerbook/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/notify.ts';

const DELETE = 'delete';

/**
 * The second of the two confirmations of "Delete account" (issue 24; the first is the confirm modal before it):
 * what goes and what stays, a decision for every album shared with others (hand it over to a member, or delete
 * it), and, for the user's own account, the password (an account from an outside login provider types its e-mail
 * address instead). Nothing happens until the red button; a refused confirmation shows the server's reason.
 */
export function DeleteAccountDialog({
  opened,
  onClose,
  plan,
  email,
  confirmIdentity,
  onDelete,
}: {
  opened: boolean;
  onClose: () => void;
  plan: DeletionPlanView;
  /** The account's address: an outside-login account types it to confirm. */
  email: string;
  /** False in the back office: the admin confirms the step, not the user's identity. */
  confirmIdentity: boolean;
  onDelete: (input: DeleteAccountBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState('');
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(plan.shared_albums.map((album) => [album.id, album.members[0]?.id ?? DELETE])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byPassword = plan.confirm_with === 'password';
  const ready =
    !confirmIdentity ||
    (byPassword ? secret.length > 0 : secret.trim().toLowerCase() === email.toLowerCase());

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDelete({
        ...(confirmIdentity ? (byPassword ? { password: secret } : { email: secret.trim() }) : {}),
        shared_albums: plan.shared_albums.map((album) => {
          const choice = choices[album.id] ?? DELETE;
          return choice === DELETE
            ? { album_id: album.id, action: 'delete' as const }
            : { album_id: album.id, action: 'hand_over' as const, new_owner_id: choice };
        }),
      });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('accountData.delete.secondTitle')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('accountData.delete.whatHappens')}</Text>
        <List fz="sm" spacing={4}>
          <List.Item>{t('accountData.delete.goes')}</List.Item>
          <List.Item>{t('accountData.delete.stays')}</List.Item>
          <List.Item>{t('accountData.delete.loggedOut')}</List.Item>
        </List>
        {plan.shared_albums.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('accountData.delete.sharedTitle')}
            </Text>
            {plan.shared_albums.map((album) => (
              <Select
                key={album.id}
                label={album.title}
                data-testid="shared-album-choice"
                allowDeselect={false}
                value={choices[album.id] ?? DELETE}
                onChange={(value) => setChoices((current) => ({ ...current, [album.id]: value ?? DELETE }))}
                data={[
                  ...album.members.map((member) => ({
                    value: member.id,
                    label: t('accountData.delete.handOver', { name: member.nickname || member.email }),
                  })),
                  { value: DELETE, label: t('accountData.delete.deleteAlbum') },
                ]}
              />
            ))}
          </Stack>
        )}
        {confirmIdentity &&
          (byPassword ? (
            <PasswordInput
              label={t('accountData.delete.password')}
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              autoComplete="current-password"
              data-testid="delete-account-password"
            />
          ) : (
            <TextInput
              label={t('accountData.delete.typeEmail', { email })}
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              data-testid="delete-account-email"
            />
          ))}
        {error && (
          <Alert color="red" data-testid="delete-account-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!ready}
            loading={busy}
            onClick={submit}
            data-testid="delete-account-final"
          >
            {t('accountData.delete.final')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
