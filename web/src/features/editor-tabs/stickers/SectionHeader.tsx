import '@mantine/core/styles/Menu.css';
import { ActionIcon, Badge, Group, Menu, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconTrash,
} from '@tabler/icons-react';
import {
  deleteSection,
  descendantsOf,
  moveSection,
  renameSection,
  sectionMoveRange,
  sectionNameError,
  sectionsInOrder,
  type AlbumDocument,
  type DocNode,
} from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { confirm } from '../../../ui/confirm.tsx';
import { modelErrorText, runChange } from '../editorHooks.ts';

interface Props {
  doc: AlbumDocument;
  section: DocNode;
  stickerCount: number;
  open: boolean;
  onToggle: () => void;
  editable: boolean;
}

/** A section's row: collapse, rename in place (click; ends on blur or Enter, SPEC §4), reorder, delete. */
export function SectionHeader({ doc, section, stickerCount, open, onToggle, editable }: Props) {
  const { t } = useTranslation();
  const editor = useEditor();
  const name = String(section.props.name ?? '');
  const isStatic = section.props.static === true;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const finishRename = () => {
    if (draft === null) return;
    const code = sectionNameError(draft);
    if (code) {
      setError(modelErrorText(code));
      return;
    }
    runChange(editor, 'rename section', (d) => renameSection(d, section.id, draft));
    setDraft(null);
    setError(null);
  };

  const order = sectionsInOrder(doc);
  const position = order.findIndex((s) => s.id === section.id);
  const range = sectionMoveRange(doc);
  const spreads = descendantsOf(doc, section.id).filter((node) => node.type === 'Spread').length;

  const remove = async () => {
    const ok = await confirm({
      title: t('structure.sections.deleteTitle'),
      message: t('structure.sections.deleteMessage', { name, stickers: stickerCount, spreads }),
      confirmLabel: t('structure.sections.delete'),
      danger: true,
    });
    if (ok) runChange(editor, 'delete section', (d) => deleteSection(d, section.id));
  };

  return (
    <Group gap={4} wrap="nowrap" data-testid="section-header" data-section-id={section.id}>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={onToggle}
        aria-expanded={open}
        aria-label={open ? t('structure.sections.collapse') : t('structure.sections.expand')}
      >
        {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </ActionIcon>
      {draft !== null ? (
        <TextInput
          flex={1}
          size="xs"
          autoFocus
          value={draft}
          error={error}
          aria-label={t('structure.sections.renameLabel')}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setError(null);
          }}
          onBlur={finishRename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') finishRename();
            if (event.key === 'Escape') {
              setDraft(null);
              setError(null);
            }
          }}
          data-testid="section-rename-input"
        />
      ) : (
        <UnstyledButton
          flex={1}
          miw={0}
          onClick={() => (editable && !isStatic ? setDraft(name) : onToggle())}
          title={editable && !isStatic ? t('structure.sections.renameHint') : undefined}
          data-testid="section-name"
        >
          <Text fw={700} size="sm" truncate>
            {name}
          </Text>
        </UnstyledButton>
      )}
      <Badge
        variant="light"
        color="gray"
        size="sm"
        aria-label={t('structure.sections.stickerCount', { count: stickerCount })}
      >
        {stickerCount}
      </Badge>
      {editable && !isStatic && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('structure.sections.actions')}
              data-testid="section-menu"
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconArrowUp size={14} />}
              disabled={position <= range.min}
              onClick={() =>
                runChange(editor, 'move section', (d) => moveSection(d, section.id, position - 1))
              }
              data-testid="section-move-up"
            >
              {t('structure.sections.moveUp')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={14} />}
              disabled={position >= range.max}
              onClick={() =>
                runChange(editor, 'move section', (d) => moveSection(d, section.id, position + 1))
              }
              data-testid="section-move-down"
            >
              {t('structure.sections.moveDown')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void remove()}
              data-testid="section-delete"
            >
              {t('structure.sections.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
