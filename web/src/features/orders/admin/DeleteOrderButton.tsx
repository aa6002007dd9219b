import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NETWORK_ERROR, errorCodeOf } from '../../../api/errors.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import { useDeleteOrder } from './queries.ts';

/**
 * SPEC §2/§8: delete the order after confirmation, then 'Bestellung erfolgreich gelöscht' and /dashboard; a refusal
 * says why, and a request that got no answer says the deletion is unconfirmed ('Fehler beim Bestätigen der Löschung').
 */
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
      // No answer at all: the order may or may not be gone, so the admin is told the deletion is unconfirmed.
      onError: (error) =>
        notify.error(
          errorCodeOf(error) === NETWORK_ERROR
            ? t('orderAdmin.deleteOrder.unconfirmed')
            : t('orderAdmin.deleteOrder.failed', { message: errorMessage(error) }),
        ),
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
