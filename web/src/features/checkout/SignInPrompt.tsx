import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginPathFor } from '../../api/client.ts';

/**
 * Sign-up and login from the checkout come back to it (`return_to`); the step and the form wait in session storage
 * (formState), and login and sign-up move the guest's albums to the account first (features/auth guestMigration).
 */
function SignInLinks({ albumId, testIdPrefix }: { albumId: string; testIdPrefix: string }) {
  const { t } = useTranslation();
  const back = `/album/${encodeURIComponent(albumId)}/checkout`;
  return (
    <>
      <Button
        component={Link}
        to={`/signup?return_to=${encodeURIComponent(back)}`}
        data-testid={`${testIdPrefix}-sign-up`}
      >
        {t('checkout.signIn.signUp')}
      </Button>
      <Button
        component={Link}
        to={loginPathFor(back)}
        variant="default"
        data-testid={`${testIdPrefix}-log-in`}
      >
        {t('checkout.signIn.logIn')}
      </Button>
    </>
  );
}

/** SPEC §6: a guest sees the whole checkout but signs up or logs in to order, asked when they order. */
export function SignInPrompt({
  albumId,
  opened,
  onClose,
}: {
  albumId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('checkout.signIn.title')}
      centered
      data-testid="checkout-sign-in"
    >
      <Stack>
        <Text size="sm">{t('checkout.signIn.body')}</Text>
        <SignInLinks albumId={albumId} testIdPrefix="checkout" />
      </Stack>
    </Modal>
  );
}

/**
 * Issue 22 item 5: a guest learns on the first step, not at the order button, that ordering needs an account,
 * why, and that the album is kept and moves to the account.
 */
export function GuestAccountNotice({ albumId }: { albumId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconUserCircle size={20} />}
      title={t('checkout.guestNotice.title')}
      data-testid="guest-account-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('checkout.guestNotice.why')}</Text>
        <Text size="sm">{t('checkout.guestNotice.albumKept')}</Text>
        <Group gap="xs">
          <SignInLinks albumId={albumId} testIdPrefix="guest-notice" />
        </Group>
      </Stack>
    </Alert>
  );
}
