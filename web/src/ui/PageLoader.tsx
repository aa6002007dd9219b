import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page still loading: announced as a status ("Loading…"), since a plain div may not carry a label. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Loader color="coral" type="dots" size="lg" />
    </Center>
  );
}
