import '@mantine/core/styles/Grid.css';
import { Alert, Container, Grid, Paper, Skeleton, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/queries.ts';
import { AccountDataPanel } from '../account-data/AccountDataPanel.tsx';
import { LatestOrders } from './LatestOrders.tsx';
import { ProfileForm } from './ProfileForm.tsx';

export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('profile.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            {me.isPending && <Skeleton h={240} />}
            {me.isError && <Alert color="red">{t('errors.generic')}</Alert>}
            {me.data && <ProfileForm user={me.data} />}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <LatestOrders />
        </Grid.Col>
        {me.data && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="lg">
              <AccountDataPanel user={me.data} />
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    </Container>
  );
}
