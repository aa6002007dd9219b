import { Alert, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { PriceChangeBody } from '@stickerbook/api';
import { COUNTRIES } from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, notify } from '../../ui/notify.ts';
import { countryName } from '../orders/format.ts';
import { AmountInput } from './AmountInput.tsx';
import { useChangePrice, usePriceTables } from './queries.ts';

type Titles = Partial<Record<string, string>>;
type Country = (typeof COUNTRIES)[number];

/** The server takes shipping and VAT rates for the shop's countries only (SPEC §9), the rows the tables hold. */
const isCountry = (code: string): code is Country => (COUNTRIES as readonly string[]).includes(code);

/** The price tables of one price list: album tiers, shipping and options; VAT applies to all lists. */
export function PricesPanel() {
  const { t, i18n } = useTranslation();
  const tables = usePriceTables();
  const change = useChangePrice();
  const [listId, setListId] = useState<string | null>(null);
  if (tables.isPending) return <Loader />;
  if (tables.isError) return <Alert color="red">{t('priceAdmin.loadFailed')}</Alert>;
  const data = tables.data;
  const list = data.price_lists.find((row) => row.id === listId) ?? data.price_lists[0];
  if (!list) return <Text>{t('priceAdmin.noPriceLists')}</Text>;
  const title = (titles: Titles, fallback: string) =>
    titles[i18n.language] ?? titles.en ?? titles.de ?? fallback;
  const productTitle = (key: string) =>
    title(data.products.find((row) => row.key === key)?.titles ?? {}, key);
  const featureTitle = (key: string) =>
    title(data.order_features.find((row) => row.key === key)?.titles ?? {}, key);
  const save = (payload: PriceChangeBody) =>
    change.mutate(payload, {
      onSuccess: () => notify.success(t('priceAdmin.saved')),
      onError: (error) => notify.error(t('priceAdmin.saveFailed', { message: errorMessage(error) })),
    });
  const money = `${t('priceAdmin.amount')} (${list.currency})`;

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('priceAdmin.frozenNote')}
      </Text>
      <SegmentedControl
        value={list.id}
        onChange={setListId}
        data={data.price_lists.map((row) => ({
          value: row.id,
          label: `${row.currency} (${row.languages.join(', ')})`,
        }))}
        aria-label={t('priceAdmin.priceList')}
      />
      <Title order={3}>{t('priceAdmin.products')}</Title>
      <Table data-testid="price-admin-products">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('priceAdmin.product')}</Table.Th>
            <Table.Th>{t('priceAdmin.fromQuantity')}</Table.Th>
            <Table.Th>{`${t('priceAdmin.unitPrice')} (${list.currency})`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.product_prices
            .filter((row) => row.price_list_id === list.id)
            .map((row) => (
              <Table.Tr key={`${row.product_key}-${row.min_quantity}`}>
                <Table.Td>{productTitle(row.product_key)}</Table.Td>
                <Table.Td>{row.min_quantity}</Table.Td>
                <Table.Td>
                  <AmountInput
                    value={row.unit_amount}
                    label={`${productTitle(row.product_key)} ${row.min_quantity}`}
                    saving={change.isPending}
                    testId={`price-${row.product_key}-${row.min_quantity}`}
                    onSave={(amount) => save({ table: 'product_prices', ...row, unit_amount: amount })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      <Title order={3}>{t('priceAdmin.shipping')}</Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('priceAdmin.country')}</Table.Th>
            <Table.Th>{money}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.shipping_rates
            .filter((row) => row.price_list_id === list.id)
            .map((row) => (
              <Table.Tr key={row.country_code}>
                <Table.Td>{countryName(row.country_code)}</Table.Td>
                <Table.Td>
                  <AmountInput
                    value={row.amount}
                    label={countryName(row.country_code)}
                    saving={change.isPending}
                    onSave={(amount) =>
                      isCountry(row.country_code) &&
                      save({ table: 'shipping_rates', ...row, country_code: row.country_code, amount })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      <Title order={3}>{t('priceAdmin.features')}</Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('priceAdmin.feature')}</Table.Th>
            <Table.Th>{money}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.order_feature_prices
            .filter((row) => row.price_list_id === list.id)
            .map((row) => (
              <Table.Tr key={row.feature_key}>
                <Table.Td>{featureTitle(row.feature_key)}</Table.Td>
                <Table.Td>
                  <AmountInput
                    value={row.amount}
                    label={featureTitle(row.feature_key)}
                    saving={change.isPending}
                    onSave={(amount) => save({ table: 'order_feature_prices', ...row, amount })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      <Title order={3}>{t('priceAdmin.vat')}</Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('priceAdmin.country')}</Table.Th>
            <Table.Th>{t('priceAdmin.vatRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.vat_rates.map((row) => (
            <Table.Tr key={row.country_code}>
              <Table.Td>{countryName(row.country_code)}</Table.Td>
              <Table.Td>
                <AmountInput
                  percent
                  value={row.basis_points}
                  label={`${t('priceAdmin.vatRate')} ${countryName(row.country_code)}`}
                  saving={change.isPending}
                  onSave={(basisPoints) =>
                    isCountry(row.country_code) &&
                    save({ table: 'vat_rates', country_code: row.country_code, basis_points: basisPoints })
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
