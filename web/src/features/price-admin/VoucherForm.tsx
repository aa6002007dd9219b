import { Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { NewVoucherBody } from '@stickerbook/api';
import { useTranslation } from 'react-i18next';
import { errorMessage, notify } from '../../ui/notify.ts';
import { parseHundredths } from './money.ts';
import { useCreateVoucher } from './queries.ts';

const CODE = /^[A-Za-z0-9_-]{3,40}$/;

/** A local date (YYYY-MM-DD) as the start of that day in the admin's time zone. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);

/** Creates a voucher: fixed (major units of a currency) or percent, with minimum, window and maximum uses. */
export function VoucherForm() {
  const { t } = useTranslation();
  const create = useCreateVoucher();
  const form = useForm({
    initialValues: {
      code: '',
      kind: 'percent' as 'fixed' | 'percent',
      value: '',
      currency: 'EUR' as NonNullable<NewVoucherBody['currency']>,
      minimum: '0',
      startsAt: '',
      endsAt: '',
      maxUses: '' as number | string,
    },
    validate: {
      code: (value) => (CODE.test(value.trim()) ? null : t('priceAdmin.vouchers.codeInvalid')),
      value: (value, values) => {
        const parsed = parseHundredths(value);
        if (parsed === null)
          return values.kind === 'percent' ? t('priceAdmin.invalidPercent') : t('priceAdmin.invalidAmount');
        return values.kind === 'percent' && parsed > 10_000 ? t('priceAdmin.invalidPercent') : null;
      },
      minimum: (value) => (parseHundredths(value) === null ? t('priceAdmin.invalidAmount') : null),
      endsAt: (value, values) =>
        value && values.startsAt && value <= values.startsAt ? t('priceAdmin.vouchers.windowInvalid') : null,
    },
  });
  const kind = form.values.kind;
  const submit = form.onSubmit((values) => {
    const input: NewVoucherBody = {
      code: values.code.trim().toUpperCase(),
      kind: values.kind,
      value: parseHundredths(values.value)!,
      currency: values.kind === 'fixed' ? values.currency : null,
      minimum_amount: parseHundredths(values.minimum)!,
      starts_at: dayStart(values.startsAt),
      ends_at: dayStart(values.endsAt),
      max_uses: typeof values.maxUses === 'number' ? values.maxUses : null,
    };
    create.mutate(input, {
      onSuccess: () => {
        notify.success(t('priceAdmin.vouchers.created'));
        form.reset();
      },
      onError: (error) => notify.error(t('priceAdmin.saveFailed', { message: errorMessage(error) })),
    });
  });
  return (
    <form onSubmit={submit} noValidate data-testid="voucher-form">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput label={t('priceAdmin.vouchers.code')} required {...form.getInputProps('code')} />
        <SegmentedControl
          aria-label={t('priceAdmin.vouchers.kind')}
          mt="lg"
          data={[
            { value: 'percent', label: t('priceAdmin.vouchers.percent') },
            { value: 'fixed', label: t('priceAdmin.vouchers.fixed') },
          ]}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label={
            kind === 'percent' ? `${t('priceAdmin.vouchers.value')} (%)` : t('priceAdmin.vouchers.value')
          }
          inputMode="decimal"
          required
          {...form.getInputProps('value')}
        />
        {kind === 'fixed' && (
          <Select
            label={t('priceAdmin.vouchers.currency')}
            data={['EUR', 'PLN']}
            allowDeselect={false}
            {...form.getInputProps('currency')}
          />
        )}
        <TextInput
          label={t('priceAdmin.vouchers.minimum')}
          inputMode="decimal"
          {...form.getInputProps('minimum')}
        />
        <TextInput
          type="date"
          label={t('priceAdmin.vouchers.startsAt')}
          {...form.getInputProps('startsAt')}
        />
        <TextInput type="date" label={t('priceAdmin.vouchers.endsAt')} {...form.getInputProps('endsAt')} />
        <NumberInput
          label={t('priceAdmin.vouchers.maxUses')}
          placeholder={t('priceAdmin.vouchers.unlimited')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxUses')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending} data-testid="voucher-create">
          {t('priceAdmin.vouchers.create')}
        </Button>
      </Group>
    </form>
  );
}
