import { Alert, Anchor, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '../../auth/session.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { usePublicInvitation } from '../album-settings/api.ts';
import { InvitationProblem } from './InvitationProblem.tsx';

/**
 * SPEC §2 /invitations/{token}/accept, the page the invitation mail links to: who invites to which album, and
 * an accept link to the confirm route (which asks to log in first), plus a hint for people without an account.
 */
export function InvitationAcceptPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const session = useSession();
  const invitation = usePublicInvitation(token);
  const confirmPath = `/invitations/${encodeURIComponent(token)}/confirm`;

  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError) return <InvitationProblem error={invitation.error} />;

  const { inviter_email: inviter, album_title: title } = invitation.data;
  return (
    <Container size={480} py={56}>
      <Paper withBorder shadow="sm" p="xl" data-testid="invitation-accept">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMailOpened size={30} />
          </ThemeIcon>
          <Title order={1}>{t('invitations.accept.title')}</Title>
          <Text data-testid="invitation-accept-text">
            {inviter
              ? t('invitations.accept.body', { inviter, title })
              : t('invitations.accept.bodyNoInviter', { title })}
          </Text>
          {invitation.data.accepted && (
            <Alert color="blue" w="100%" data-testid="invitation-already-accepted">
              {t('invitations.accept.alreadyAccepted')}
            </Alert>
          )}
          <Button component={Link} to={confirmPath} size="md" data-testid="invitation-accept-button">
            {invitation.data.accepted ? t('invitations.accept.open') : t('invitations.accept.button')}
          </Button>
          {session.kind !== 'user' && (
            <Text size="sm" c="dimmed" data-testid="invitation-signup-hint">
              {t('invitations.accept.signupHint')}{' '}
              <Anchor
                component={Link}
                to={`/signup?return_to=${encodeURIComponent(confirmPath)}`}
                data-testid="invitation-signup"
              >
                {t('invitations.accept.signup')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
