import {
  ActionIcon,
  Alert,
  CopyButton,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDoorExit,
  IconLock,
  IconMailForward,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { loginPathFor } from '../../api/client.ts';
import { errorCodeOf } from '../../api/errors.ts';
import type { Album } from '../../api/types.ts';
import { useSession, useViewer } from '../../auth/session.ts';
import { confirm } from '../../ui/confirm.tsx';
import { notify } from '../../ui/notify.ts';
import {
  useAssociations,
  useCancelInvitation,
  useInvitations,
  useInvite,
  useLeaveAlbum,
  useRemoveMember,
  type Association,
} from './api.ts';
import { formatDate } from '../../ui/format.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Settings tab "users" (SPEC §6): who has the album, invitations by e-mail and the pending ones. Only the owner
 * (and admins) invite, cancel and remove; collaborators see the list; guests see the controls disabled with a
 * login prompt, because an invitee can only find the album under an account. A member (not the owner) may leave.
 */
export function UsersSettings({ album }: { album: Album }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const session = useSession();
  const isUser = viewer.kind === 'user';
  const canManage = isUser && (album.is_owner || viewer.isAdmin);
  const associations = useAssociations(album.id, isUser);
  const invitations = useInvitations(album.id, isUser);
  const ownEmail = session.kind === 'user' ? session.user.email : undefined;
  const isOwn = (association: Association) => !!ownEmail && association.user.email === ownEmail;
  const ownMembership = album.is_owner
    ? undefined
    : associations.data?.find((association) => !association.owner && isOwn(association));

  return (
    <Stack gap="lg" data-testid="settings-users">
      {!isUser && (
        <Alert color="yellow" icon={<IconLock size={18} />} data-testid="settings-users-login">
          <Text size="sm">{t('albumSettings.users.loginPrompt')}</Text>
          <Anchor component={Link} to={loginPathFor(`/album/${album.id}/migrate`)} size="sm">
            {t('albumSettings.users.login')}
          </Anchor>
        </Alert>
      )}
      <InviteForm
        album={album}
        disabled={!canManage}
        memberEmails={(associations.data ?? []).map((a) => a.user.email ?? '')}
        invitedEmails={(invitations.data ?? []).map((i) => i.email)}
      />
      {isUser && (
        <Stack gap="xs">
          <Title order={5}>{t('albumSettings.users.members')}</Title>
          {associations.isPending && <Loader size="sm" />}
          {associations.isError && (
            <Text size="sm" c="red" data-testid="settings-members-error">
              {t('albumSettings.users.membersLoadError')}
            </Text>
          )}
          {associations.data?.map((association) => (
            <MemberRow
              key={association.id}
              albumId={album.id}
              association={association}
              canRemove={canManage && !association.owner}
              isYou={isOwn(association)}
            />
          ))}
        </Stack>
      )}
      <PendingInvitations albumId={album.id} canCancel={canManage} query={invitations} isUser={isUser} />
      {ownMembership && <LeaveAlbum album={album} association={ownMembership} />}
    </Stack>
  );
}

/** A member leaves the album after confirming; they are back on the start page without it. */
function LeaveAlbum({ album, association }: { album: Album; association: Association }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Toast and navigation in the hook's own callback: the settings unmount as soon as the editor is left.
  const leave = useLeaveAlbum(album.id, () => {
    navigate('/start', { replace: true });
    notify.success(t('albumLeave.left', { title: album.title }));
  });

  async function leaveAlbum() {
    const ok = await confirm({
      title: t('albumLeave.confirmTitle'),
      message: t('albumLeave.confirmMessage', { title: album.title }),
      confirmLabel: t('albumLeave.leave'),
      danger: true,
    });
    if (!ok) return;
    leave.mutate(association.id, {
      onError: (failure) =>
        notify.error(
          errorCodeOf(failure) === 'OWNER_CANNOT_LEAVE'
            ? t('albumLeave.ownerCannotLeave')
            : t('albumLeave.error'),
        ),
    });
  }

  return (
    <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="xs">
        <Title order={5} c="red.7">
          {t('albumLeave.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('albumLeave.body')}
        </Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="outline"
            leftSection={<IconDoorExit size={16} />}
            loading={leave.isPending}
            onClick={leaveAlbum}
            data-testid="settings-leave-album"
          >
            {t('albumLeave.leave')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function InviteForm({
  album,
  disabled,
  memberEmails,
  invitedEmails,
}: {
  album: Album;
  disabled: boolean;
  memberEmails: string[];
  invitedEmails: string[];
}) {
  const { t } = useTranslation();
  const invite = useInvite(album.id, album.language);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const normalized = email.trim().toLowerCase();
  const alreadyMember = memberEmails.some((address) => address.toLowerCase() === normalized);
  const alreadyInvited = invitedEmails.some((address) => address.toLowerCase() === normalized);
  // SPEC §5: send disabled when empty, already invited or already a member.
  const hint = alreadyMember
    ? t('albumSettings.users.alreadyMember')
    : alreadyInvited
      ? t('albumSettings.users.alreadyInvited')
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(t('albumSettings.users.emailInvalid'));
      return;
    }
    invite.mutate(email.trim(), {
      onSuccess: (invitation) => {
        setEmail('');
        notify.success(t('albumSettings.users.invited', { email: invitation.email }));
      },
      onError: (failure) => {
        const code = errorCodeOf(failure);
        if (code === 'ALREADY_MEMBER') setError(t('albumSettings.users.alreadyMember'));
        else if (code === 'ALREADY_INVITED') setError(t('albumSettings.users.alreadyInvited'));
        else if (code === 'VALIDATION_FAILED' || code === 'BAD_REQUEST')
          setError(t('albumSettings.users.emailInvalid'));
        else notify.error(t('albumSettings.users.inviteError'));
      },
    });
  }

  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        <Title order={5}>{t('albumSettings.users.inviteTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('albumSettings.users.inviteBody')}
        </Text>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            type="email"
            placeholder={t('albumSettings.users.emailPlaceholder')}
            aria-label={t('albumSettings.users.email')}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error ?? hint}
            disabled={disabled}
            style={{ flex: 1 }}
            data-testid="settings-invite-email"
          />
          <Button
            type="submit"
            leftSection={<IconMailForward size={16} />}
            disabled={disabled || !normalized || alreadyMember || alreadyInvited}
            loading={invite.isPending}
            data-testid="settings-invite-send"
          >
            {t('albumSettings.users.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MemberRow({
  albumId,
  association,
  canRemove,
  isYou,
}: {
  albumId: string;
  association: Association;
  canRemove: boolean;
  isYou: boolean;
}) {
  const { t } = useTranslation();
  const remove = useRemoveMember(albumId);
  const email = association.user.email ?? t('albumSettings.users.guestOwner');

  async function removeMember() {
    const ok = await confirm({
      title: t('albumSettings.users.removeTitle'),
      message: t('albumSettings.users.removeMessage', { email }),
      confirmLabel: t('albumSettings.users.remove'),
      danger: true,
    });
    if (ok)
      remove.mutate(association.id, { onError: () => notify.error(t('albumSettings.users.removeError')) });
  }

  return (
    <Group justify="space-between" wrap="nowrap" data-testid="settings-member">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={association.user.picture} radius="xl" size="md" color="coral">
          {email.slice(0, 1).toUpperCase()}
        </Avatar>
        <Text size="sm" truncate="end">
          {email}
          {isYou && (
            <Text span c="dimmed" size="sm">
              {' '}
              {t('albumSettings.users.you')}
            </Text>
          )}
        </Text>
        {association.owner && (
          <Badge variant="light" tt="none" data-testid="settings-owner-badge">
            {t('albumSettings.users.owner')}
          </Badge>
        )}
      </Group>
      {canRemove && (
        <Tooltip label={t('albumSettings.users.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('albumSettings.users.remove')}
            loading={remove.isPending}
            onClick={removeMember}
            data-testid="settings-member-remove"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function PendingInvitations({
  albumId,
  canCancel,
  query,
  isUser,
}: {
  albumId: string;
  canCancel: boolean;
  query: ReturnType<typeof useInvitations>;
  isUser: boolean;
}) {
  const { t } = useTranslation();
  const cancel = useCancelInvitation(albumId);
  if (!isUser) return null;
  return (
    <Stack gap="xs">
      <Title order={5}>{t('albumSettings.users.pending')}</Title>
      {query.isError && (
        <Text size="sm" c="red" data-testid="settings-invitations-error">
          {t('albumSettings.users.invitationsLoadError')}
        </Text>
      )}
      {query.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('albumSettings.users.noPending')}
        </Text>
      )}
      {query.data?.map((invitation) => (
        <Group key={invitation.id} justify="space-between" wrap="nowrap" data-testid="settings-invitation">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" truncate="end">
              {invitation.email}
            </Text>
            <Text size="xs" c="dimmed">
              {t('albumSettings.users.invitedOn', {
                date: formatDate(invitation.created_at),
              })}
            </Text>
          </Stack>
          {invitation.accept_url && (
            <CopyButton value={invitation.accept_url}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  data-testid="settings-invitation-copy"
                >
                  {copied
                    ? t('albumSettings.users.invitationLinkCopied')
                    : t('albumSettings.users.copyInvitationLink')}
                </Button>
              )}
            </CopyButton>
          )}
          {canCancel && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              loading={cancel.isPending && cancel.variables === invitation.id}
              onClick={() =>
                cancel.mutate(invitation.id, {
                  onError: () => notify.error(t('albumSettings.users.cancelError')),
                })
              }
              data-testid="settings-invitation-cancel"
            >
              {t('albumSettings.users.cancelInvitation')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
