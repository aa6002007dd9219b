import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useViewer } from '../../auth/session.ts';
import { PartnerAdmin } from './PartnerAdmin.tsx';
import { PartnerStats } from './PartnerStats.tsx';

/** SPEC §2 /affiliate?token=…: the partner's statistics; admins also manage partner accounts here. */
export function AffiliatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const viewer = useViewer();
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <Title order={1}>{t('affiliate.title')}</Title>
        {token ? <PartnerStats token={token} /> : !viewer.isAdmin && <Text>{t('affiliate.noToken')}</Text>}
        {viewer.isAdmin && <PartnerAdmin />}
      </Stack>
    </Container>
  );
}
