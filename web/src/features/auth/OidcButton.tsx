import { Button, Divider } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client.ts';
import { useAuthConfig } from '../../api/queries.ts';
import { keepGuestForMigration } from './guestMigration.ts';

/** Shown only when the server logs in through an external OpenID Connect provider. */
export function OidcButton({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const config = useAuthConfig();
  if (!config.data?.oidc) return null;

  const start = async () => {
    await keepGuestForMigration().catch(() => undefined);
    window.location.assign(`${API_BASE}/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`);
  };
  return (
    <>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey size={18} />}
        onClick={start}
        data-testid="oidc-login"
      >
        {t('auth.oidc')}
      </Button>
      <Divider label={t('auth.or')} labelPosition="center" />
    </>
  );
}
