import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginPathFor } from '../../api/client.ts';

/**
 * SPEC §6: a guest sees the whole checkout but signs up or logs in to order. Login and sign-up move the guest's
 * albums to the account (features/auth guestMigration) and return here, where the form waits in session storage.
 */
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
  const back = `/album/${encodeURIComponent(albumId)}/checkout`;
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
        <Button
          component={Link}
          to={`/signup?return_to=${encodeURIComponent(back)}`}
          data-testid="checkout-sign-up"
        >
          {t('checkout.signIn.signUp')}
        </Button>
        <Button component={Link} to={loginPathFor(back)} variant="default" data-testid="checkout-log-in">
          {t('checkout.signIn.logIn')}
        </Button>
      </Stack>
    </Modal>
  );
}
