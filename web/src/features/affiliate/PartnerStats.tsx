import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { affiliateLink, AUDIENCES, type Audience } from './affiliateLink.ts';
import { ConversionTable } from './ConversionTable.tsx';
import { useAffiliateConversions } from './queries.ts';

/** The partner's view: totals, the shareable link per audience and the monthly tables. */
export function PartnerStats({ token }: { token: string }) {
  const { t } = useTranslation();
  const conversions = useAffiliateConversions(token);
  const [audience, setAudience] = useState<Audience>('wedding');
  if (conversions.isPending) return <Loader />;
  if (conversions.isError)
    return (
      <Alert color="red" data-testid="affiliate-error">
        {t('affiliate.loadFailed')}
      </Alert>
    );
  const data = conversions.data;
  const link = affiliateLink(window.location.origin, data.url_source, audience);
  return (
    <Stack gap="lg">
      <Title order={2}>{data.name}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text c="dimmed">{t('affiliate.albums')}</Text>
          <Text fz="xl" fw={700} data-testid="affiliate-album-total">
            {data.album_conversions.total_count}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed">{t('affiliate.orders')}</Text>
          <Text fz="xl" fw={700} data-testid="affiliate-order-total">
            {data.order_conversions.total_count}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3}>{t('affiliate.shareTitle')}</Title>
          <SegmentedControl
            aria-label={t('affiliate.audience')}
            value={audience}
            onChange={(value) => setAudience(value as Audience)}
            data={AUDIENCES.map((value) => ({ value, label: t(`affiliate.audiences.${value}`) }))}
          />
          <TextInput
            value={link}
            readOnly
            aria-label={t('affiliate.shareTitle')}
            data-testid="affiliate-link"
          />
          <Group>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? t('affiliate.copied') : t('affiliate.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ConversionTable
          title={t('affiliate.albumsByMonth')}
          counts={data.album_conversions}
          testId="affiliate-albums"
        />
        <ConversionTable
          title={t('affiliate.ordersByMonth')}
          counts={data.order_conversions}
          testId="affiliate-orders"
        />
      </SimpleGrid>
    </Stack>
  );
}
