import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorMessage, notify } from '../../../ui/notify.ts';
import type { Order } from '../types.ts';
import { useUpdateOrderDetails } from './queries.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Staff edit of the order's contact details and the customer's remarks (PATCH /orders/{id}). */
export function DetailsForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateOrderDetails(order.id);
  const form = useForm({
    initialValues: { email: order.email, phone: order.phone ?? '', comment: order.comment ?? '' },
    validate: {
      email: (value) => (EMAIL.test(value.trim()) ? null : t('orderAdmin.details.emailInvalid')),
      phone: (value) => (value.length > 40 ? t('orderAdmin.details.phoneTooLong') : null),
      comment: (value) => (value.length > 1000 ? t('orderAdmin.details.commentTooLong') : null),
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        comment: values.comment.trim() || null,
      },
      {
        onSuccess: () => {
          notify.success(t('orderAdmin.saved'));
          onDone();
        },
        onError: (error) => notify.error(t('orderAdmin.saveFailed', { message: errorMessage(error) })),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('orders.detail.email')}
          required
          {...form.getInputProps('email')}
          data-testid="details-email"
        />
        <TextInput
          label={t('orders.detail.phone')}
          {...form.getInputProps('phone')}
          data-testid="details-phone"
        />
        <Textarea
          label={t('orders.detail.comment')}
          autosize
          minRows={2}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="details-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
