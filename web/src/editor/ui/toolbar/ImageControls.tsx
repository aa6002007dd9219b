/** Image adjustments (SPEC §3): filter sliders, grayscale and blend mode, as the renderer reads them. */
import { Select, Stack, Switch } from '@mantine/core';
import { BLEND_MODES, type ElementProps } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { LabelledSlider } from './ToolbarControls.tsx';

/** Ranges as render/image/filters.ts reads them: -100..100 neutral 0, hue in degrees, tints 0-255. */
const FILTERS: Array<{ key: string; min: number; max: number }> = [
  { key: 'con', min: -100, max: 100 },
  { key: 'rgb', min: -100, max: 100 },
  { key: 'sat', min: -100, max: 100 },
  { key: 'hue', min: -180, max: 180 },
  { key: 'red', min: -100, max: 100 },
  { key: 'green', min: -100, max: 100 },
  { key: 'blue', min: -100, max: 100 },
  { key: 'tone', min: -100, max: 100 },
];

export function ImageControls({
  props,
  onChange,
}: {
  props: ElementProps;
  onChange: (changes: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const filter = props.filter ?? {};
  return (
    <Stack gap="xs" data-testid="image-controls" mah={420} style={{ overflowY: 'auto' }}>
      {FILTERS.map(({ key, min, max }) => (
        <LabelledSlider
          key={key}
          label={t(`editorUi.filters.${key}`)}
          min={min}
          max={max}
          value={filter[key] ?? 0}
          onCommit={(value) => onChange({ filter: { ...filter, [key]: value } })}
          testId={`filter-${key}`}
        />
      ))}
      <Switch
        label={t('editorUi.filters.grayscale')}
        checked={props.grayscale === true}
        onChange={(event) => onChange({ grayscale: event.currentTarget.checked })}
        data-testid="filter-grayscale"
      />
      <Select
        label={t('editorUi.filters.blend')}
        size="xs"
        comboboxProps={{ withinPortal: false }}
        value={props.blend ?? 'normal'}
        data={BLEND_MODES.map((mode) => ({ value: mode, label: mode }))}
        onChange={(value) => value && onChange({ blend: value })}
        data-testid="filter-blend"
      />
    </Stack>
  );
}
