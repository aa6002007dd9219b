import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types.ts';
import { confirm } from '../../ui/confirm.tsx';
import { notify, notifyError } from '../../ui/notify.ts';
import { logOut } from '../auth/authActions.ts';
import { DataExportPanel } from './DataExportPanel.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { deleteMyAccount, useMyDataExport, useMyDeletionPlan, useStartMyDataExport } from './queries.ts';

/** The profile's "your data" box (GDPR Art. 15, 17, 20; issue 24): download everything, or delete the account. */
export function AccountDataPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const dataExport = useMyDataExport();
  const start = useStartMyDataExport();
  const [deleting, setDeleting] = useState(false);
  const plan = useMyDeletionPlan(deleting);

  const askFirst = async () => {
    const sure = await confirm({
      title: t('accountData.delete.firstTitle'),
      message: t('accountData.delete.firstBody'),
      confirmLabel: t('accountData.delete.proceed'),
      danger: true,
    });
    if (sure) setDeleting(true);
  };

  return (
    <Stack gap="lg">
      <DataExportPanel
        dataExport={dataExport.data}
        onStart={() => start.mutate(undefined, { onError: notifyError })}
        starting={start.isPending}
      />
      <Divider />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('accountData.delete.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('accountData.delete.intro')}
        </Text>
        <div>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconTrash size={16} />}
            onClick={askFirst}
            data-testid="delete-account"
          >
            {t('accountData.delete.button')}
          </Button>
        </div>
      </Stack>
      {deleting && plan.data && (
        <DeleteAccountDialog
          opened
          onClose={() => setDeleting(false)}
          plan={plan.data}
          email={user.email}
          confirmIdentity
          onDelete={async (input) => {
            await deleteMyAccount(input);
            logOut();
            notify.success(t('accountData.delete.done'));
          }}
        />
      )}
    </Stack>
  );
}
