import { Anchor, Container, Group, Tabs, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PricesPanel } from './PricesPanel.tsx';
import { VouchersPanel } from './VouchersPanel.tsx';

/** /admin/prices (admin only): the price tables and vouchers the checkout prices new orders with. */
export function PriceAdminPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('priceAdmin.title')}</Title>
        <Anchor component={Link} to="/affiliate">
          {t('priceAdmin.partnersLink')}
        </Anchor>
      </Group>
      <Tabs defaultValue="prices" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="prices">{t('priceAdmin.tabs.prices')}</Tabs.Tab>
          <Tabs.Tab value="vouchers">{t('priceAdmin.tabs.vouchers')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="prices">
          <PricesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="vouchers">
          <VouchersPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
