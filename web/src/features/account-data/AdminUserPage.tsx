import {
  Alert,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorCodeOf } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { notify, notifyError } from '../../ui/notify.ts';
import { DataExportPanel } from './DataExportPanel.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { deleteUserAsAdmin, useAdminUser, useStartAdminDataExport } from './queries.ts';

/**
 * /admin/users (admins; issue 24): find a customer by e-mail address, export their data or delete their account
 * on their request, with the same two confirmations and shared-album decisions the profile asks for.
 */
export function AdminUserPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const [typed, setTyped] = useState(email);
  const found = useAdminUser(email);
  const start = useStartAdminDataExport(email);
  const client = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const user = found.data?.user;

  const askFirst = async () => {
    if (!user) return;
    const sure = await confirm({
      title: t('accountData.admin.deleteTitle', { email: user.email }),
      message: t('accountData.admin.deleteBody'),
      confirmLabel: t('accountData.delete.proceed'),
      danger: true,
    });
    if (sure) setDeleting(true);
  };

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('accountData.admin.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setParams(typed.trim() ? { email: typed.trim() } : {});
        }}
      >
        <Group align="flex-end" mb="lg">
          <TextInput
            label={t('accountData.admin.search')}
            type="email"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-testid="admin-user-email"
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {t('accountData.admin.find')}
          </Button>
        </Group>
      </form>
      {found.isError && (
        <Alert color={errorCodeOf(found.error) === 'NOT_FOUND' ? 'yellow' : 'red'}>
          {errorCodeOf(found.error) === 'NOT_FOUND' ? t('accountData.admin.notFound') : t('errors.generic')}
        </Alert>
      )}
      {user && found.data && (
        <Paper withBorder p="lg" data-testid="admin-user">
          <Stack gap="lg">
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>{user.email}</Text>
                {user.roles.includes('admin') && <Badge>{t('accountData.admin.adminBadge')}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {t('accountData.admin.since', { date: formatDateTime(user.created_at) })}
              </Text>
            </Stack>
            <DataExportPanel
              forAdmin
              dataExport={found.data.data_export}
              onStart={() => start.mutate(user.sub, { onError: notifyError })}
              starting={start.isPending}
            />
            <Divider />
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('accountData.delete.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('accountData.admin.deleteIntro')}
              </Text>
              <div>
                <Button
                  color="red"
                  variant="outline"
                  leftSection={<IconTrash size={16} />}
                  onClick={askFirst}
                  data-testid="admin-delete-user"
                >
                  {t('accountData.admin.deleteButton')}
                </Button>
              </div>
            </Stack>
          </Stack>
          {deleting && (
            <DeleteAccountDialog
              opened
              onClose={() => setDeleting(false)}
              plan={found.data.deletion}
              email={user.email}
              confirmIdentity={false}
              onDelete={async (input) => {
                await deleteUserAsAdmin(user.sub, { shared_albums: input.shared_albums });
                setDeleting(false);
                notify.success(t('accountData.admin.deleted', { email: user.email }));
                setParams({});
                setTyped('');
                await client.invalidateQueries({ queryKey: ['account-data', 'admin'] });
              }}
            />
          )}
        </Paper>
      )}
    </Container>
  );
}
