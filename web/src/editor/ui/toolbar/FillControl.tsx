/**
 * Fill / colour picker (SPEC §3 fill): palette tiles from the album's colours (from index 2, SPEC §3), a free
 * colour picker, and a linear gradient of 2-4 colours with a direction. Calls `onChange` once per decision
 * (tile click, picker release, gradient edit), so each is one history entry.
 */
import {
  ActionIcon,
  ColorPicker,
  Group,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { PALETTE_TILE_START_INDEX, type Fill, type LinearGradient } from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveColor } from '../../../render/paint.ts';

interface Props {
  value: Fill | undefined;
  colors: readonly string[];
  onChange: (fill: Fill) => void;
  allowGradient?: boolean;
  testId: string;
}

export function FillControl({ value, colors, onChange, allowGradient = true, testId }: Props) {
  const { t } = useTranslation();
  const gradient = typeof value === 'object' && value !== null ? (value as LinearGradient) : undefined;
  const [kind, setKind] = useState<'solid' | 'gradient'>(gradient ? 'gradient' : 'solid');
  const solid = gradient ? undefined : (value as number | string | undefined);
  const solidHex = solid === undefined ? '#000000' : toHexColor(resolveColor(solid, colors) ?? '#000000');
  const [draft, setDraft] = useState(solidHex);
  const tiles = colors.map((color, index) => ({ color, index })).slice(PALETTE_TILE_START_INDEX);
  const gradientValue: LinearGradient = gradient ?? {
    type: 'linear',
    colors: [solidHex, '#ffffff'],
    direction: 0,
  };

  return (
    <Stack gap="xs" w={240} data-testid={testId}>
      {allowGradient && (
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(next) => {
            setKind(next as 'solid' | 'gradient');
            if (next === 'gradient') onChange(gradientValue);
          }}
          data={[
            { value: 'solid', label: t('editorUi.fill.solid') },
            { value: 'gradient', label: t('editorUi.fill.gradient') },
          ]}
        />
      )}
      {tiles.length > 0 && (
        <Group gap={6}>
          {tiles.map(({ color, index }) => (
            <Tooltip
              key={index}
              label={t('editorUi.fill.albumColour', { n: index - PALETTE_TILE_START_INDEX + 1 })}
            >
              <button
                type="button"
                aria-label={t('editorUi.fill.albumColour', { n: index - PALETTE_TILE_START_INDEX + 1 })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  if (kind === 'gradient') return;
                  onChange(index);
                }}
                data-testid={`${testId}-tile-${index}`}
                style={{
                  width: 24,
                  height: 24,
                  borderRadius: 6,
                  background: color,
                  border: solid === index ? '2px solid #228be6' : '1px solid rgba(0,0,0,0.2)',
                  cursor: 'pointer',
                  padding: 0,
                }}
              />
            </Tooltip>
          ))}
        </Group>
      )}
      {kind === 'solid' ? (
        <ColorPicker
          size="sm"
          fullWidth
          value={draft}
          onChange={setDraft}
          onChangeEnd={(hex) => onChange(hex)}
          swatches={['#000000', '#ffffff', '#e03131', '#f08c00', '#2f9e44', '#1971c2', '#7048e8', '#c2255c']}
          swatchesPerRow={8}
          data-testid={`${testId}-picker`}
        />
      ) : (
        <GradientEditor value={gradientValue} colors={colors} onChange={onChange} />
      )}
    </Stack>
  );
}

function GradientEditor({
  value,
  colors,
  onChange,
}: {
  value: LinearGradient;
  colors: readonly string[];
  onChange: (fill: Fill) => void;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState(value.direction);
  const stops = value.colors.map((c) => toHexColor(resolveColor(c, colors) ?? '#000000'));
  const setStop = (i: number, hex: string) =>
    onChange({ ...value, colors: stops.map((s, j) => (j === i ? hex : s)) });
  return (
    <Stack gap={6} data-testid="gradient-editor">
      <Group gap={6}>
        {stops.map((hex, i) => (
          <input
            key={i}
            type="color"
            value={hex}
            aria-label={t('editorUi.fill.stop', { n: i + 1 })}
            onChange={(event) => setStop(i, event.currentTarget.value)}
            style={{ width: 32, height: 28, padding: 0, border: 'none', background: 'none' }}
          />
        ))}
        <ActionIcon
          size="sm"
          variant="default"
          disabled={stops.length >= 4}
          aria-label={t('editorUi.fill.addStop')}
          onClick={() => onChange({ ...value, colors: [...stops, stops.at(-1) ?? '#ffffff'] })}
        >
          <IconPlus size={14} />
        </ActionIcon>
        <ActionIcon
          size="sm"
          variant="default"
          disabled={stops.length <= 2}
          aria-label={t('editorUi.fill.removeStop')}
          onClick={() => onChange({ ...value, colors: stops.slice(0, -1) })}
        >
          <IconMinus size={14} />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed">
        {t('editorUi.fill.direction')}
      </Text>
      <Slider
        min={0}
        max={360}
        step={5}
        value={direction}
        onChange={setDirection}
        onChangeEnd={(deg) => onChange({ ...value, colors: stops, direction: deg })}
        label={(v) => `${v}°`}
        thumbLabel={t('editorUi.fill.direction')}
      />
    </Stack>
  );
}

/** CSS colour -> '#rrggbb' for inputs; unknown formats fall back to black. */
function toHexColor(color: string): string {
  const value = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return '#' + [...value.slice(1)].map((c) => c + c).join('');
  if (/^#[0-9a-f]{8}$/.test(value)) return value.slice(0, 7);
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  if (match)
    return (
      '#' +
      match
        .slice(1, 4)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')
    );
  return '#000000';
}
