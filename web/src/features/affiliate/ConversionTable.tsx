import { Table, Text, Title } from '@mantine/core';
import type { AffiliateConversionsView } from '@stickerbook/api';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../ui/format.ts';

export function ConversionTable({
  title,
  counts,
  testId,
}: {
  title: string;
  counts: AffiliateConversionsView['album_conversions'];
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <Title order={3} mb="xs">
        {title}
      </Title>
      {counts.data.length === 0 ? (
        <Text c="dimmed">{t('affiliate.noData')}</Text>
      ) : (
        <Table data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('affiliate.month')}</Table.Th>
              <Table.Th>{t('affiliate.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {counts.data.map((row) => (
              <Table.Tr key={row.month}>
                <Table.Td>{formatMonth(row.month, i18n.language)}</Table.Td>
                <Table.Td>{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
