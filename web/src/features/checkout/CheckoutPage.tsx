import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /album/{albumId}/checkout: steps preview, product, contact, result. */
export function CheckoutPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.checkout')} />;
}
