import '@mantine/core/styles/Combobox.css';
import { Group, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  activeFontPreset,
  applyFontPreset,
  FONT_MENU_MAX_HEIGHT_PX,
  FONT_PRESETS,
  setRoleFont,
  type FontRole,
} from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { FONT_CATALOGUE, FontLoader, fontStack } from '../../../render/index.ts';
import { runChange, useCanEdit, useEditorDoc } from '../editorHooks.ts';

const ROLES: FontRole[] = ['title', 'sub_title', 'paragraph'];
const FAMILIES = FONT_CATALOGUE.map((font) => font.family);
const PRESET_FAMILIES = [
  ...new Set(FONT_PRESETS.flatMap((preset) => [preset.fonts.title, preset.fonts.paragraph])),
];

/** 10 font presets (title, sub-title, paragraph) and one menu per role (SPEC §9: at most 300 px tall). */
export function FontsSection() {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorDoc();
  const editable = useCanEdit();
  const active = activeFontPreset(doc);
  return (
    <Stack gap="sm">
      <FontLoader families={PRESET_FAMILIES} />
      <Text size="sm" fw={600}>
        {t('structure.styles.presets')}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        {FONT_PRESETS.map((preset) => {
          const selected = preset.id === active?.id;
          return (
            <UnstyledButton
              key={preset.id}
              disabled={!editable}
              onClick={() => runChange(editor, 'font preset', (d) => applyFontPreset(d, preset.fonts))}
              aria-pressed={selected}
              data-testid="font-preset"
              data-preset-id={preset.id}
              style={{
                borderRadius: 8,
                padding: 6,
                outline: selected
                  ? '2px solid var(--mantine-primary-color-filled)'
                  : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap={2}>
                <Text size="md" truncate style={{ fontFamily: fontStack(preset.fonts.title) }}>
                  {preset.fonts.title}
                </Text>
                {selected && <IconCheck size={12} />}
              </Group>
              <Text size="xs" c="dimmed" truncate style={{ fontFamily: fontStack(preset.fonts.paragraph) }}>
                {preset.fonts.sub_title} · {preset.fonts.paragraph}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {ROLES.map((role) => (
        <Select
          key={role}
          size="xs"
          label={t(`structure.styles.fontRoles.${role}`)}
          data={FAMILIES}
          value={doc.settings.fonts[role]}
          searchable
          allowDeselect={false}
          disabled={!editable}
          maxDropdownHeight={FONT_MENU_MAX_HEIGHT_PX}
          comboboxProps={{ withinPortal: true }}
          onChange={(family) => family && runChange(editor, 'font', (d) => setRoleFont(d, role, family))}
          data-testid={`font-role-${role}`}
        />
      ))}
    </Stack>
  );
}
