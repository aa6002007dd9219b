import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName } from './format.ts';
import type { Address } from './types.ts';

/** SPEC §2 order detail: the shipping address as it goes on the parcel. */
export function ShippingAddressPanel({ address }: { address: Address }) {
  const { t } = useTranslation();
  const lines = [
    address.organization,
    `${address.first_name} ${address.last_name}`.trim(),
    address.address1,
    address.address2,
    `${address.zip_code} ${address.city}`.trim(),
    countryName(address.country_code),
  ].filter((line): line is string => Boolean(line));
  return (
    <Paper withBorder p="lg" data-testid="order-address-panel">
      <Title order={3} mb="md">
        {t('orders.detail.shippingAddress')}
      </Title>
      {lines.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
      {address.phone && (
        <Text c="dimmed" size="sm" mt="xs">
          {address.phone}
        </Text>
      )}
    </Paper>
  );
}
