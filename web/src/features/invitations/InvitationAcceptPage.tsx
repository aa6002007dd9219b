import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /invitations/{token}/accept: inviter, album title and an accept link. */
export function InvitationAcceptPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.invitationAccept')} />;
}
