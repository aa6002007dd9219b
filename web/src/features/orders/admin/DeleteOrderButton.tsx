import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import { useDeleteOrder } from './queries.ts';

/** SPEC §2/§8: delete the order after confirmation, then 'Bestellung erfolgreich gelöscht' and /dashboard. */
export function DeleteOrderButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOrder(orderId);

  const askDelete = async () => {
    const ok = await confirm({
      title: t('orderAdmin.deleteOrder.title'),
      message: t('orderAdmin.deleteOrder.confirm'),
      confirmLabel: t('orderAdmin.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        notify.success(t('orderAdmin.deleteOrder.done'));
        void navigate('/dashboard');
      },
      onError: (error) => notify.error(t('orderAdmin.deleteOrder.failed', { message: errorMessage(error) })),
    });
  };

  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} />}
      loading={remove.isPending}
      onClick={() => void askDelete()}
      data-testid="order-delete"
    >
      {t('orderAdmin.deleteOrder.button')}
    </Button>
  );
}
