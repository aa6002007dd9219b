import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /orders/{id}: order detail. */
export function OrderPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.order')} />;
}
