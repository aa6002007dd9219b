/**
 * The element tree (layers) panel, admin only (SPEC §2, view settings): the current spread's elements top
 * first, nested under their groups, labels truncated at 20 characters (SPEC §5). Click selects; lock and
 * order buttons change the document through model operations.
 */
import { ActionIcon, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconLock, IconLockOpen } from '@tabler/icons-react';
import {
  childrenOf,
  LABEL_TRUNCATE_CHARS,
  swapSiblings,
  updateElement,
  type AlbumDocument,
  type DocNode,
} from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../react.ts';
import { useEditor } from './EditorContext.tsx';
import { useAtomValueAfterPaint, useDerivedAfterPaint } from './useEditorValue.ts';

export function truncateLabel(label: string, max = LABEL_TRUNCATE_CHARS): string {
  return label.length > max ? `${label.slice(0, max)}…` : label;
}

export function LayersPanel() {
  const { t } = useTranslation();
  const editor = useEditor();
  const settings = useAtomValue(editor.viewSettings);
  const access = useAtomValue(editor.access);
  const doc = useAtomValueAfterPaint(editor.displayDoc);
  const spreadId = useDerivedAfterPaint([editor.selection, editor.camera, editor.version], () =>
    editor.selectionController.currentSpreadId(),
  );
  if (!settings.elementsTree || !access.isAdmin || !spreadId) return null;
  const top = [...childrenOf(doc, spreadId)].reverse();
  return (
    <Paper
      shadow="sm"
      radius="md"
      p="xs"
      withBorder
      w={260}
      style={{ position: 'absolute', right: 16, top: 12, zIndex: 5 }}
      data-testid="layers-panel"
    >
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
        {t('editorUi.layers.title')}
      </Text>
      <ScrollArea.Autosize mah={420}>
        <Stack gap={1}>
          {top.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('editorUi.layers.empty')}
            </Text>
          )}
          {top.map((node) => (
            <LayerRow key={node.id} node={node} doc={doc} depth={0} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

function LayerRow({ node, doc, depth }: { node: DocNode; doc: AlbumDocument; depth: number }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const selection = useAtomValue(editor.selection);
  const selected = selection.includes(node.id);
  const locked = node.props.locked === true;
  const siblings = node.parentId ? childrenOf(doc, node.parentId) : [];
  const position = siblings.findIndex((s) => s.id === node.id);
  const above = siblings[position + 1];
  const below = siblings[position - 1];
  const children = node.type === 'Group' ? [...childrenOf(doc, node.id)].reverse() : [];
  return (
    <>
      <Group
        gap={2}
        wrap="nowrap"
        pl={depth * 14}
        style={{ borderRadius: 4, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
        data-testid="layer-row"
        data-node-id={node.id}
      >
        <UnstyledButton
          style={{ flex: 1, minWidth: 0, padding: '2px 6px' }}
          onClick={() => editor.select([node.id])}
        >
          <Text size="sm" truncate="end" title={layerLabel(node, t)}>
            {truncateLabel(layerLabel(node, t))}
          </Text>
        </UnstyledButton>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          disabled={!above}
          aria-label={t('editorUi.layers.up')}
          onClick={() => above && editor.change('reorder', (d) => swapSiblings(d, node.id, above.id))}
        >
          <IconChevronUp size={14} />
        </ActionIcon>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          disabled={!below}
          aria-label={t('editorUi.layers.down')}
          onClick={() => below && editor.change('reorder', (d) => swapSiblings(d, node.id, below.id))}
        >
          <IconChevronDown size={14} />
        </ActionIcon>
        <ActionIcon
          size="sm"
          variant="subtle"
          color={locked ? 'blue' : 'gray'}
          aria-label={locked ? t('editorUi.toolbar.unlock') : t('editorUi.toolbar.lock')}
          onClick={() =>
            editor.change(locked ? 'unlock' : 'lock', (d) => updateElement(d, node.id, { locked: !locked }))
          }
          data-testid="layer-lock"
        >
          {locked ? <IconLock size={14} /> : <IconLockOpen size={14} />}
        </ActionIcon>
      </Group>
      {children.map((child) => (
        <LayerRow key={child.id} node={child} doc={doc} depth={depth + 1} />
      ))}
    </>
  );
}

function layerLabel(node: DocNode, t: (key: string) => string): string {
  if (node.type === 'Text') {
    const text = (
      node.props.text as { blocks?: Array<{ spans: Array<{ text: string }> }> } | undefined
    )?.blocks
      ?.flatMap((b) => b.spans.map((s) => s.text))
      .join(' ')
      .trim();
    if (text) return text;
  }
  return t(`editorUi.types.${node.type}`);
}
