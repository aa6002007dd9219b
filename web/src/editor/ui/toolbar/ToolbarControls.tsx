/** The toolbar's shared controls: an icon button, a button that opens a popover, and a slider that commits when released. */
import { ActionIcon, Group, Popover, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ELEMENT_TOOLBAR_ATTRIBUTE } from '../edit/TextEditOverlay.tsx';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';

export function Button(props: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  active?: boolean;
  color?: string;
  testId: string;
}) {
  return (
    <Tooltip label={props.label} withinPortal>
      <ActionIcon
        variant={props.active ? 'light' : 'subtle'}
        color={props.color ?? (props.active ? 'blue' : 'gray')}
        size="lg"
        aria-label={props.label}
        aria-pressed={props.active}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

export function ToolPopover(props: { label: string; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Popover position="bottom" shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <Tooltip label={props.label} withinPortal>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={props.label}
            data-testid={props.testId}
          >
            {props.icon}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown {...{ [CANVAS_UI_ATTRIBUTE]: '', [ELEMENT_TOOLBAR_ATTRIBUTE]: '' }}>
        {props.children}
      </Popover.Dropdown>
    </Popover>
  );
}

export function LabelledSlider(props: {
  label: string;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  value: number;
  onCommit: (value: number) => void;
  testId: string;
}) {
  const [value, setValue] = useState(props.value);
  return (
    <Stack gap={4} w={220}>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {props.label}
        </Text>
        <Text size="xs" fw={600}>
          {value}
          {props.unit ?? ''}
        </Text>
      </Group>
      <Slider
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={value}
        onChange={setValue}
        onChangeEnd={props.onCommit}
        label={null}
        thumbLabel={props.label}
        data-testid={props.testId}
      />
    </Stack>
  );
}
