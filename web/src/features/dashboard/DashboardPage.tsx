import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /dashboard (admin only): orders and albums. */
export function DashboardPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.dashboard')} />;
}
