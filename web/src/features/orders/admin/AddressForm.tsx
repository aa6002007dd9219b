import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AddressChangeBody } from '@stickerbook/api';
import { useTranslation } from 'react-i18next';
import { errorMessage, notify } from '../../../ui/notify.ts';
import { countryName } from '../format.ts';
import type { Address } from '../types.ts';
import { useUpdateAddress } from './queries.ts';

/** SPEC §9 countries we deliver to (flags also for GB). */
const COUNTRIES = ['DE', 'CH', 'AT', 'LU', 'FR', 'NL', 'BE', 'IE', 'FI', 'IT', 'PL', 'ES', 'CZ', 'RO', 'GB'];
const REQUIRED = ['first_name', 'last_name', 'address1', 'zip_code', 'city'] as const;

/** Staff edit of the shipping address (PATCH /addresses/{id}); SPEC §5's required fields stay required. */
export function AddressForm({
  orderId,
  address,
  onDone,
}: {
  orderId: string;
  address: Address;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useUpdateAddress(orderId, address.id);
  const { id: _id, ...initial } = address;
  const form = useForm<Record<keyof AddressChangeBody, string>>({
    initialValues: Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v ?? ''])) as Record<
      keyof AddressChangeBody,
      string
    >,
    validate: Object.fromEntries(
      REQUIRED.map((field) => [
        field,
        (value: string) => (value.trim() ? null : t('orderAdmin.address.required')),
      ]),
    ),
  });
  const submit = form.onSubmit((values) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    save.mutate(
      {
        ...(trimmed as Record<keyof AddressChangeBody, string>),
        organization: trimmed.organization || null,
        address2: trimmed.address2 || null,
        phone: trimmed.phone || null,
      },
      {
        onSuccess: () => {
          notify.success(t('orderAdmin.saved'));
          onDone();
        },
        onError: (error) => notify.error(t('orderAdmin.saveFailed', { message: errorMessage(error) })),
      },
    );
  });
  const field = (name: keyof AddressChangeBody, required = false) => (
    <TextInput
      label={t(`orderAdmin.address.${name}`)}
      required={required}
      {...form.getInputProps(name)}
      data-testid={`address-${name}`}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {field('organization')}
        <SimpleGrid cols={2} spacing="sm">
          {field('first_name', true)}
          {field('last_name', true)}
        </SimpleGrid>
        {field('address1', true)}
        {field('address2')}
        <SimpleGrid cols={2} spacing="sm">
          {field('zip_code', true)}
          {field('city', true)}
        </SimpleGrid>
        <Select
          label={t('orderAdmin.address.country_code')}
          allowDeselect={false}
          data={COUNTRIES.map((code) => ({ value: code, label: countryName(code) }))}
          {...form.getInputProps('country_code')}
        />
        {field('phone')}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="address-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
