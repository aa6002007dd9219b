import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from 'i18next';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}

/** The generic confirm modal: resolves true on confirm, false on cancel or close. */
export function confirm({ title, message, confirmLabel, danger }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel ?? i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-modal-confirm' },
      cancelProps: { 'data-testid': 'confirm-modal-cancel' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
