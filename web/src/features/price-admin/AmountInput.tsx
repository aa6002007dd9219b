import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths, parseHundredths } from './money.ts';

interface Props {
  /** Minor units (or basis points when `percent`). */
  value: number;
  percent?: boolean;
  label: string;
  saving: boolean;
  onSave: (hundredths: number) => void;
  testId?: string;
}

/** One editable amount in major units (or percent), saved with its check button or Enter. */
export function AmountInput({ value, percent = false, label, saving, onSave, testId }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatHundredths(value));
  const [shown, setShown] = useState(value);
  // A saved or reloaded value replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(formatHundredths(value));
  }
  const parsed = parseHundredths(text);
  const invalid = parsed === null || (percent && parsed > 10_000);
  const changed = !invalid && parsed !== value;
  const save = () => {
    if (changed) onSave(parsed);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label={label}
        size="xs"
        w={110}
        value={text}
        inputMode="decimal"
        rightSection={percent ? '%' : undefined}
        error={
          invalid ? (percent ? t('priceAdmin.invalidPercent') : t('priceAdmin.invalidAmount')) : undefined
        }
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
        data-testid={testId}
      />
      <ActionIcon
        variant="light"
        aria-label={t('priceAdmin.save')}
        disabled={!changed}
        loading={saving}
        onClick={save}
        data-testid={testId ? `${testId}-save` : undefined}
      >
        <IconCheck size={16} />
      </ActionIcon>
    </Group>
  );
}
