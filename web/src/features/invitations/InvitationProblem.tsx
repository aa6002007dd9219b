import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorCodeOf } from '../../api/errors.ts';

/** An invitation link that leads nowhere: unknown or mistyped, cancelled, used by someone else, or a failure. */
export function InvitationProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const code = errorCodeOf(error);
  const message =
    code === 'INVITATION_NOT_FOUND' || code === 'NOT_FOUND'
      ? t('invitations.notFound')
      : code === 'INVITATION_USED'
        ? t('invitations.used')
        : t('invitations.error');
  return (
    <Container size={480} py={56}>
      <Paper withBorder shadow="sm" p="xl" data-testid="invitation-problem">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconMailOff size={30} />
          </ThemeIcon>
          <Title order={2}>{t('invitations.problemTitle')}</Title>
          <Text data-testid="invitation-problem-message">{message}</Text>
          <Button component={Link} to="/start" variant="light">
            {t('invitations.toStart')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
