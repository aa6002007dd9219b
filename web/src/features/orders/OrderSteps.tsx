import { Badge, Group, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format.ts';
import { orderSteps } from './signals.ts';
import type { OrderUpdate } from './types.ts';

/** SPEC §2 badge chain: each step lit when a matching update exists, its date in the tooltip. */
export function OrderSteps({ updates }: { updates: readonly OrderUpdate[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap" data-testid="order-steps">
      {orderSteps(updates).map((step) => (
        <Tooltip
          key={step.key}
          label={step.date ? formatDateTime(step.date) : t('orders.steps.notYet')}
          withArrow
        >
          <Badge
            size="sm"
            radius="sm"
            variant={step.date ? 'filled' : 'outline'}
            color={step.date ? 'teal' : 'gray'}
            leftSection={step.date ? <IconCheck size={12} /> : undefined}
            data-step={step.key}
            data-active={step.date ? 'true' : 'false'}
          >
            {t(`orders.steps.${step.key}`)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
