import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /invitations/{token}/confirm: confirms an invitation for the signed-in user. */
export function InvitationConfirmPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.invitationConfirm')} />;
}
