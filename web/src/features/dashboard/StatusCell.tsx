import { Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { formatDate } from '../../ui/format.ts';
import type { StatusCell as Cell } from '../orders/types.ts';
import { pendingTone } from './dashboardState.ts';

const PENDING_COLORS = { late: 'red', thisWeek: 'orange', later: 'dimmed' } as const;

/**
 * SPEC §4 transfer/albums/shipment status: pending with a date shows a clock (red when past, warning colour in
 * the current week); done shows a check with its date, linked when there is a target; no date shows a dash.
 */
export function StatusCell({ cell, testId }: { cell: Cell | null | undefined; testId: string }) {
  if (!cell?.date)
    return (
      <Text data-testid={testId} data-status="none">
        –
      </Text>
    );
  const date = formatDate(cell.date);
  if (cell.status === 'pending') {
    const tone = pendingTone(cell.date, new Date());
    return (
      <Group
        gap={4}
        wrap="nowrap"
        c={PENDING_COLORS[tone]}
        data-testid={testId}
        data-status="pending"
        data-tone={tone}
      >
        <IconClock size={16} />
        <Text size="sm" inherit>
          {date}
        </Text>
      </Group>
    );
  }
  const content = (
    <Group gap={4} wrap="nowrap" c="teal" data-testid={testId} data-status="done">
      <IconCheck size={16} />
      <Text size="sm" inherit>
        {date}
      </Text>
    </Group>
  );
  return cell.target ? (
    <Tooltip label={cell.target}>
      <Anchor href={cell.target} target="_blank" rel="noopener" underline="hover">
        {content}
      </Anchor>
    </Tooltip>
  ) : (
    content
  );
}
