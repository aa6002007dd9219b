import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../ui/notify.ts';
import { useConfirmInvitation, usePendingInvitations } from '../album-settings/api.ts';

/**
 * Invitations to the signed-in user's e-mail, accepted right here: the invitation mail may never have gone out
 * (no mail server) or got lost, and the invitee still finds the album.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingInvitations();
  const accept = useConfirmInvitation();
  if (!pending.data || pending.data.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconMailOpened />}
      title={t('start.invitations.title')}
      mb="lg"
      data-testid="pending-invitations"
    >
      <Stack gap="xs">
        {pending.data.map((invitation) => (
          <Group key={invitation.id} justify="space-between" wrap="nowrap" data-testid="pending-invitation">
            <Text size="sm" style={{ minWidth: 0 }}>
              {t('start.invitations.from', {
                inviter: invitation.inviter_email ?? '',
                title: invitation.album_title,
              })}
            </Text>
            <Button
              size="xs"
              loading={accept.isPending && accept.variables === invitation.token}
              onClick={() =>
                accept.mutate(invitation.token, {
                  onSuccess: ({ album_id }) => navigate(`/album/${encodeURIComponent(album_id)}`),
                  onError: () => notify.error(t('start.invitations.acceptError')),
                })
              }
              data-testid="pending-invitation-accept"
            >
              {t('start.invitations.accept')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
