import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Checkout } from './api.ts';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  /** The quote is being fetched: OK waits for it (SPEC §5). */
  fetching: boolean;
  voucher: Checkout['voucher'];
  /** The code the shown quote was computed for. */
  appliedCode: string;
}

/** SPEC §2/§8 voucher box: the server's verdict and error_message for the applied code. */
export function VoucherBox({ value, onChange, onApply, fetching, voucher, appliedCode }: Props) {
  const { t } = useTranslation();
  const verdict =
    voucher && appliedCode !== '' && voucher.code.toLowerCase() === appliedCode.toLowerCase()
      ? voucher
      : null;
  const valid = verdict?.status === 'valid';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== '' && !fetching) onApply();
      }}
      data-testid="voucher-box"
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          size="sm"
          label={t('checkout.voucher.label')}
          placeholder={t('checkout.voucher.placeholder')}
          leftSection={<IconTicket size={16} />}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={
            verdict && !valid
              ? (verdict.error_message ?? t(`checkout.voucher.status.${verdict.status}`))
              : undefined
          }
          data-testid="voucher-input"
        />
        <Button
          type="submit"
          mt={25}
          variant="default"
          disabled={value.trim() === '' || fetching}
          data-testid="voucher-apply"
        >
          {t('checkout.voucher.apply')}
        </Button>
      </Group>
      {valid && (
        <Text size="sm" c="teal.8" mt={4} data-testid="voucher-valid">
          {t('checkout.voucher.status.valid', { discount: verdict.discount_human })}
        </Text>
      )}
    </form>
  );
}
