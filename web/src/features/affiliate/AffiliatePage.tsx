import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /affiliate: the partner page. */
export function AffiliatePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.affiliate')} />;
}
