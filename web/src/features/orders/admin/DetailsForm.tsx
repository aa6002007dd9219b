import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import type { OrderDetailsChangeBody } from '@stickerbook/api';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors.ts';
import { errorMessage, notify } from '../../../ui/notify.ts';
import type { Order } from '../types.ts';
import { invoiceLock } from './invoiceLock.ts';
import { useUpdateOrderDetails } from './queries.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Staff edit of the order's contact details, the customer's remarks and the buyer's tax data (PATCH /orders/{id}).
 * The VAT id and the Leitweg-ID are on the invoice: while one stands they are disabled, with the reason, and only
 * sent when changed. The server checks them (422 naming the field) and recomputes the VAT treatment.
 * The total is staff's agreed price (`amount_gross` in minor units, sent only when changed): the server prices
 * the difference as a price adjustment, or names the reachable totals when VAT rounding skips the one typed.
 */
export function DetailsForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateOrderDetails(order.id);
  const locked = invoiceLock(order, t);
  const form = useForm({
    initialValues: {
      email: order.email,
      phone: order.phone ?? '',
      comment: order.comment ?? '',
      buyer_vat_id: order.buyer_vat_id ?? '',
      buyer_reference: order.buyer_reference ?? '',
      amount_gross: (order.amount_gross / 100) as number | string,
    },
    validate: {
      email: (value) => (EMAIL.test(value.trim()) ? null : t('orderAdmin.details.emailInvalid')),
      phone: (value) => (value.length > 40 ? t('orderAdmin.details.phoneTooLong') : null),
      comment: (value) => (value.length > 1000 ? t('orderAdmin.details.commentTooLong') : null),
      amount_gross: (value) =>
        typeof value === 'number' && value >= 0 ? null : t('orderAdmin.details.amountGrossInvalid'),
    },
  });
  const submit = form.onSubmit((values) => {
    const change: OrderDetailsChangeBody = {
      email: values.email.trim(),
      phone: values.phone.trim() || null,
      comment: values.comment.trim() || null,
    };
    const vatId = values.buyer_vat_id.trim() || null;
    const reference = values.buyer_reference.trim() || null;
    if (vatId !== (order.buyer_vat_id ?? null)) change.buyer_vat_id = vatId;
    if (reference !== (order.buyer_reference ?? null)) change.buyer_reference = reference;
    const gross = Math.round(Number(values.amount_gross) * 100);
    if (gross !== order.amount_gross) change.amount_gross = gross;
    save.mutate(change, {
      onSuccess: () => {
        notify.success(t('orderAdmin.saved'));
        onDone();
      },
      onError: (error) => {
        // 422: the server names the field and says what is wrong with it, in the admin's language.
        const fields = (error as { details?: { fields?: Array<{ field: string; message: string }> } }).details
          ?.fields;
        if (fields?.length) for (const field of fields) form.setFieldError(field.field, field.message);
        else if (isApiError(error) && error.code === 'AMOUNT_GROSS_UNREACHABLE')
          form.setFieldError('amount_gross', error.message);
        else notify.error(t('orderAdmin.saveFailed', { message: errorMessage(error) }));
      },
    });
  });
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
        <TextInput
          label={t('orderAdmin.details.vatId')}
          description={locked ?? t('orderAdmin.details.vatIdHint')}
          disabled={locked !== null}
          {...form.getInputProps('buyer_vat_id')}
          data-testid="details-vat-id"
        />
        <TextInput
          label={t('orderAdmin.details.buyerReference')}
          description={locked ?? t('orderAdmin.details.buyerReferenceHint')}
          disabled={locked !== null}
          {...form.getInputProps('buyer_reference')}
          data-testid="details-buyer-reference"
        />
        <NumberInput
          label={t('orderAdmin.details.amountGross')}
          description={locked ?? t('orderAdmin.details.amountGrossHint')}
          disabled={locked !== null}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          decimalSeparator={i18n.language.startsWith('en') ? '.' : ','}
          step={0.01}
          rightSection={order.currency === 'PLN' ? 'zł' : '€'}
          {...form.getInputProps('amount_gross')}
          data-testid="details-amount-gross"
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
