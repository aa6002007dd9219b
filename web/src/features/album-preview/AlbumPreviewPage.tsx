import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** SPEC §2 /album/{albumId}/preview/{token}: the public read-only album preview. */
export function AlbumPreviewPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('screens.albumPreview')} />;
}
