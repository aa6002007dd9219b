import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import { ColorInput, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  activeColorPreset,
  applyColorPreset,
  COLOR_PRESETS,
  PALETTE_ROLE_INDEX,
  PALETTE_TILE_START_INDEX,
  setPaletteColor,
  type PaletteRole,
} from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { runChange, useCanEdit, useEditorDoc } from '../editorHooks.ts';

const ROLES = Object.keys(PALETTE_ROLE_INDEX) as PaletteRole[];
const HEX = /^#[0-9a-fA-F]{6}$/;

/** 8 presets (tiles show colours from index 2: the first two, ink and paper, are skipped) and a custom edit. */
export function ColorsSection() {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorDoc();
  const editable = useCanEdit();
  const active = activeColorPreset(doc);
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        {t('structure.styles.presets')}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        {COLOR_PRESETS.map((preset) => {
          const selected = preset.id === active?.id;
          return (
            <UnstyledButton
              key={preset.id}
              disabled={!editable}
              onClick={() => runChange(editor, 'colour preset', (d) => applyColorPreset(d, preset.colors))}
              aria-pressed={selected}
              aria-label={t('structure.styles.colorPreset', {
                name: t(`structure.styles.colorPresets.${preset.id}`),
              })}
              data-testid="color-preset"
              data-preset-id={preset.id}
              style={{
                borderRadius: 8,
                padding: 4,
                outline: selected
                  ? '2px solid var(--mantine-primary-color-filled)'
                  : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Group gap={0} wrap="nowrap" style={{ borderRadius: 6, overflow: 'hidden' }} h={28}>
                {preset.colors.slice(PALETTE_TILE_START_INDEX).map((color) => (
                  <div key={color} style={{ flex: 1, height: '100%', background: color }} />
                ))}
              </Group>
              <Group gap={4} mt={2} justify="space-between" wrap="nowrap">
                <Text size="xs" truncate>
                  {t(`structure.styles.colorPresets.${preset.id}`)}
                </Text>
                {selected && <IconCheck size={12} />}
              </Group>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Text size="sm" fw={600} mt="xs">
        {t('structure.styles.custom')}
      </Text>
      {ROLES.map((role) => (
        <ColorInput
          key={`${role}-${doc.settings.colors[PALETTE_ROLE_INDEX[role]]}`}
          size="xs"
          label={t(`structure.styles.roles.${role}`)}
          defaultValue={doc.settings.colors[PALETTE_ROLE_INDEX[role]] ?? '#000000'}
          format="hex"
          disabled={!editable}
          withEyeDropper={false}
          popoverProps={{ withinPortal: true }}
          // One history entry per finished pick, not per pointer move in the picker.
          onChangeEnd={(color) => {
            if (HEX.test(color)) runChange(editor, 'custom colour', (d) => setPaletteColor(d, role, color));
          }}
          data-testid={`custom-color-${role}`}
        />
      ))}
    </Stack>
  );
}
