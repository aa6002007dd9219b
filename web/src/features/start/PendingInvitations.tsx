import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../ui/notify.ts';
import {
  useConfirmInvitation,
  usePendingInvitations,
  useResendActivationMail,
} from '../album-settings/api.ts';

/**
 * Invitations to the signed-in user's e-mail, accepted right here: the invitation mail may never have gone out
 * (no mail server) or got lost, and the invitee still finds the album. They show once the account has confirmed
 * that it reads that address; until then, when invitations wait, the page asks for the confirmation and offers
 * the mail again.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingInvitations();
  const accept = useConfirmInvitation();
  const resend = useResendActivationMail();
  // Asked only when an invitation waits: a new account without one has nothing to confirm the address for yet.
  if (pending.data?.verification_required && pending.data.waiting > 0) {
    return (
      <Alert
        color="blue"
        icon={<IconMailCheck />}
        title={t('start.verify.title')}
        mb="lg"
        data-testid="verify-email"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('start.verify.body', { count: pending.data.waiting })}</Text>
          {resend.isSuccess ? (
            <Text size="sm" role="status" data-testid="verify-email-sent">
              {t('start.verify.sent')}
            </Text>
          ) : (
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, { onError: () => notify.error(t('start.verify.sendError')) })
              }
              data-testid="verify-email-resend"
            >
              {t('start.verify.resend')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  const invitations = pending.data?.invitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconMailOpened />}
      title={t('start.invitations.title')}
      mb="lg"
      data-testid="pending-invitations"
    >
      <Stack gap="xs">
        {invitations.map((invitation) => (
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
