import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /orders: the user's orders, 25 per page. */
export function OrdersPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.orders')} />;
}
