import { Anchor, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../ui/format.ts';
import { errorMessage, notify } from '../../ui/notify.ts';
import { useAffiliates, useCreateAffiliate } from './queries.ts';

const TOKEN = /^[A-Za-z0-9_-]{24,100}$/;

/** Admins create partner accounts here and open each partner's page. */
export function PartnerAdmin() {
  const { t } = useTranslation();
  const affiliates = useAffiliates(true);
  const create = useCreateAffiliate();
  const form = useForm({
    initialValues: { name: '', token: '' },
    validate: {
      name: (value) => (value.trim() ? null : t('affiliate.admin.nameRequired')),
      token: (value) =>
        !value.trim() || TOKEN.test(value.trim()) ? null : t('affiliate.admin.tokenInvalid'),
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { name: values.name.trim(), ...(values.token.trim() ? { url_token: values.token.trim() } : {}) },
      {
        onSuccess: () => {
          notify.success(t('affiliate.admin.created'));
          form.reset();
        },
        onError: (error) => notify.error(t('affiliate.admin.saveFailed', { message: errorMessage(error) })),
      },
    ),
  );
  return (
    <Stack gap="md" data-testid="affiliate-admin">
      <Title order={2}>{t('affiliate.admin.title')}</Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput label={t('affiliate.admin.name')} required {...form.getInputProps('name')} />
          <TextInput
            label={t('affiliate.admin.token')}
            description={t('affiliate.admin.tokenHint')}
            {...form.getInputProps('token')}
          />
          <Button type="submit" loading={create.isPending} data-testid="affiliate-create">
            {t('affiliate.admin.create')}
          </Button>
        </Group>
      </form>
      {affiliates.isPending && <Loader />}
      {affiliates.data?.affiliates.length === 0 && <Text c="dimmed">{t('affiliate.admin.empty')}</Text>}
      {affiliates.data && affiliates.data.affiliates.length > 0 && (
        <Table data-testid="affiliate-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('affiliate.admin.name')}</Table.Th>
              <Table.Th>{t('affiliate.admin.createdAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {affiliates.data.affiliates.map((affiliate) => (
              <Table.Tr key={affiliate.id}>
                <Table.Td>{affiliate.name}</Table.Td>
                <Table.Td>{formatDate(affiliate.created_at)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/affiliate?token=${encodeURIComponent(affiliate.url_token)}`}>
                    {t('affiliate.admin.open')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
