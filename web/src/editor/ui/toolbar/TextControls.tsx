/**
 * Text controls of the element toolbar (SPEC §3 text styles): font (the 50 catalogue fonts and the album's
 * three roles, menu at most 300 px tall, SPEC §9), size 4-72, line height 100/120/150/200 %, alignment, bold,
 * italic, uppercase, autosize, colour and letter spacing. Outside text edit they format the whole text; while
 * editing, bold, italic and colour act on the selected characters.
 */
import { ActionIcon, Group, NumberInput, Popover, Select, Stack, Tooltip } from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignJustified,
  IconAlignLeft,
  IconAlignRight,
  IconBold,
  IconItalic,
  IconLetterCase,
  IconArrowsMinimize,
  IconTextColor,
} from '@tabler/icons-react';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  LINE_HEIGHTS_PERCENT,
  updateElement,
  type ElementProps,
  type RichText,
  type RichTextBlock,
} from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { FONT_CATALOGUE } from '../../../render/fonts/catalogue.ts';
import { useAtomValue } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { formatEditedText } from '../edit/TextEditOverlay.tsx';
import { textEditBridge } from '../edit/textEditBridge.ts';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';
import { ELEMENT_TOOLBAR_ATTRIBUTE } from '../edit/TextEditOverlay.tsx';
import { Button } from './ToolbarControls.tsx';
import { FillControl } from './FillControl.tsx';
import {
  hasStyle,
  setBlockProp,
  setStyleValue,
  styleValue,
  toggleStyle,
  type ToggleStyle,
} from './textStyles.ts';

const ROLES = ['title', 'sub_title', 'paragraph'] as const;
const ALIGN_ICONS = {
  left: IconAlignLeft,
  center: IconAlignCenter,
  right: IconAlignRight,
  justify: IconAlignJustified,
};

export function TextControls({
  id,
  props,
  colors,
}: {
  id: string;
  props: ElementProps;
  colors: readonly string[];
}) {
  const { t } = useTranslation();
  const editor = useEditor();
  const mode = useAtomValue(editor.editMode);
  const editing = mode.kind === 'text' && mode.id === id;
  const text = props.text;
  // While editing, a toolbar change applies to what is typed (not the last saved text) and stays in the editor.
  const setText = (label: string, format: (current: RichText | undefined) => RichText) => {
    const next = format((editing && editor.modes.draftText()) || text);
    editor.change(label, (doc) => updateElement(doc, id, { text: next }));
    if (editing) textEditBridge.show?.(next);
  };
  const size = Number(styleValue(text, 'SIZE') ?? 11);
  const font = styleValue(text, 'FONT') ?? 'paragraph';
  const lineHeight = text?.blocks[0]?.lineHeight ?? 150;
  const align = (text?.blocks[0]?.align ?? 'left') as NonNullable<RichTextBlock['align']>;
  const letterSpacing = Number(styleValue(text, 'LETTERSPACING') ?? 0);
  const fonts = editor.doc.settings.fonts;

  const toggle = (style: ToggleStyle) => {
    if (editing && (style === 'BOLD' || style === 'ITALIC')) {
      formatEditedText(style === 'BOLD' ? 'bold' : 'italic');
      return;
    }
    setText(style.toLowerCase(), (current) => toggleStyle(current, style));
  };

  return (
    <Group gap={4} wrap="nowrap" data-testid="text-controls">
      <Select
        size="xs"
        w={150}
        aria-label={t('editorUi.text.font')}
        value={font}
        maxDropdownHeight={300}
        searchable
        comboboxProps={{ withinPortal: true }}
        data={[
          {
            group: t('editorUi.text.albumFonts'),
            items: ROLES.map((role) => ({
              value: role,
              label: `${t(`editorUi.text.roles.${role}`)} · ${fonts[role]}`,
            })),
          },
          {
            group: t('editorUi.text.allFonts'),
            items: FONT_CATALOGUE.map((f) => ({ value: f.family, label: f.family })),
          },
        ]}
        onChange={(value) => value && setText('font', (current) => setStyleValue(current, 'FONT', value))}
        data-testid="text-font"
      />
      <NumberInput
        size="xs"
        w={64}
        aria-label={t('editorUi.text.size')}
        min={FONT_SIZE_MIN}
        max={FONT_SIZE_MAX}
        clampBehavior="strict"
        value={size}
        onBlur={(event) => {
          const next = Number(event.currentTarget.value);
          if (Number.isFinite(next) && next !== size)
            setText('font size', (current) =>
              setStyleValue(current, 'SIZE', Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, next))),
            );
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        data-testid="text-size"
      />
      <Select
        size="xs"
        w={80}
        aria-label={t('editorUi.text.lineHeight')}
        value={String(lineHeight)}
        comboboxProps={{ withinPortal: true }}
        data={LINE_HEIGHTS_PERCENT.map((v) => ({ value: String(v), label: `${v} %` }))}
        onChange={(value) =>
          value && setText('line height', (current) => setBlockProp(current, 'lineHeight', Number(value)))
        }
        data-testid="text-line-height"
      />
      {(['left', 'center', 'right', 'justify'] as const).map((value) => {
        const AlignIcon = ALIGN_ICONS[value];
        return (
          <Button
            key={value}
            label={t(`editorUi.text.align.${value}`)}
            active={align === value}
            onClick={() => setText('align', (current) => setBlockProp(current, 'align', value))}
            testId={`text-align-${value}`}
          >
            <AlignIcon size={18} />
          </Button>
        );
      })}
      <Button
        label={t('editorUi.text.bold')}
        active={hasStyle(text, 'BOLD')}
        onClick={() => toggle('BOLD')}
        testId="text-bold"
      >
        <IconBold size={18} />
      </Button>
      <Button
        label={t('editorUi.text.italic')}
        active={hasStyle(text, 'ITALIC')}
        onClick={() => toggle('ITALIC')}
        testId="text-italic"
      >
        <IconItalic size={18} />
      </Button>
      <Button
        label={t('editorUi.text.uppercase')}
        active={hasStyle(text, 'UPPERCASE')}
        onClick={() => toggle('UPPERCASE')}
        testId="text-uppercase"
      >
        <IconLetterCase size={18} />
      </Button>
      <Button
        label={t('editorUi.text.autosize')}
        active={hasStyle(text, 'AUTOSIZE')}
        onClick={() => toggle('AUTOSIZE')}
        testId="text-autosize"
      >
        <IconArrowsMinimize size={18} />
      </Button>
      <Popover position="bottom" shadow="md" withinPortal trapFocus={false}>
        <Popover.Target>
          <Tooltip label={t('editorUi.text.color')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('editorUi.text.color')}
              data-testid="text-color"
            >
              <IconTextColor size={18} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown {...{ [CANVAS_UI_ATTRIBUTE]: '', [ELEMENT_TOOLBAR_ATTRIBUTE]: '' }}>
          <Stack gap="xs">
            <FillControl
              value={props.fill}
              colors={colors}
              allowGradient={false}
              testId="text-color-control"
              onChange={(fill) => {
                if (editing) {
                  const hex = typeof fill === 'number' ? colors[fill] : String(fill);
                  formatEditedText('foreColor', hex);
                  return;
                }
                // The text's fill is its colour; per-span colours give way to it.
                editor.change('text colour', (doc) =>
                  updateElement(doc, id, { fill, text: setStyleValue(text, 'COLOR', undefined) }),
                );
              }}
            />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <NumberInput
        size="xs"
        w={64}
        aria-label={t('editorUi.text.letterSpacing')}
        min={-10}
        max={50}
        step={0.5}
        value={letterSpacing}
        onBlur={(event) => {
          const next = Number(event.currentTarget.value);
          if (Number.isFinite(next) && next !== letterSpacing)
            setText('letter spacing', (current) =>
              setStyleValue(current, 'LETTERSPACING', next === 0 ? undefined : next),
            );
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        data-testid="text-letter-spacing"
      />
    </Group>
  );
}
