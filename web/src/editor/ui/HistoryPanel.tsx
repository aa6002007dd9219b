/**
 * History (SPEC §2, §4): undo and redo buttons, and a list of the changes with a 48 px thumbnail of the spread
 * each one touched (drawn small by the shared renderer, as the spread is now).
 */
import { ActionIcon, Group, Paper, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconHistory } from '@tabler/icons-react';
import { spreadOf, type AlbumDocument, type HistoryEntry } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { SpreadSvg } from '../../render/index.ts';
import { HISTORY_THUMBNAIL_PX } from '@stickerbook/model';
import { useAtomValue } from '../react.ts';
import { useEditor } from './EditorContext.tsx';
import { useDerived } from './useEditorValue.ts';

const SHOWN_ENTRIES = 30;

export function HistoryPanel() {
  const { t } = useTranslation();
  const editor = useEditor();
  const canUndo = useDerived([editor.history, editor.editMode, editor.access], () => editor.canUndo());
  const canRedo = useDerived([editor.history, editor.access], () => editor.canRedo());
  const access = useAtomValue(editor.access);
  if (access.locked && !access.isAdmin) return null;
  return (
    <Paper
      shadow="sm"
      radius="md"
      p={4}
      withBorder
      style={{ position: 'absolute', left: 12, bottom: 16, zIndex: 5 }}
      data-testid="history-panel"
    >
      <Group gap={2} wrap="nowrap">
        <Tooltip label={t('editorUi.history.undo')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            disabled={!canUndo}
            aria-label={t('editorUi.history.undo')}
            onClick={() => editor.undo()}
            data-testid="undo"
          >
            <IconArrowBackUp size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('editorUi.history.redo')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            disabled={!canRedo}
            aria-label={t('editorUi.history.redo')}
            onClick={() => editor.redo()}
            data-testid="redo"
          >
            <IconArrowForwardUp size={20} />
          </ActionIcon>
        </Tooltip>
        <Popover position="top-start" shadow="md" withinPortal>
          <Popover.Target>
            <Tooltip label={t('editorUi.history.title')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('editorUi.history.title')}
                data-testid="history-open"
              >
                <IconHistory size={20} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown p="xs">
            <HistoryList />
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Paper>
  );
}

function HistoryList() {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const history = useAtomValue(editor.history);
  const doc = useAtomValue(editor.displayDoc);
  const entries = history.past.slice(1).map((entry, i) => ({ entry, state: 'past' as const, key: `p${i}` }));
  const future = [...history.future]
    .reverse()
    .map((entry, i) => ({ entry, state: 'future' as const, key: `f${i}` }));
  const all = [...entries, ...future].slice(-SHOWN_ENTRIES).reverse();
  if (all.length === 0) {
    return (
      <Text size="sm" c="dimmed" w={220} data-testid="history-empty">
        {t('editorUi.history.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={360} w={240}>
      <Stack gap={4} data-testid="history-list">
        {all.map(({ entry, state, key }) => {
          const spreadId = affectedSpread(doc, entry);
          const labelKey = `editorUi.history.labels.${(entry.label ?? 'change').replace(/\s+/g, '_')}`;
          return (
            <Group
              key={key}
              gap="xs"
              wrap="nowrap"
              opacity={state === 'future' ? 0.45 : 1}
              data-testid="history-entry"
            >
              <div
                style={{
                  width: HISTORY_THUMBNAIL_PX,
                  height: HISTORY_THUMBNAIL_PX,
                  display: 'grid',
                  placeItems: 'center',
                  background: 'var(--mantine-color-gray-1)',
                  borderRadius: 4,
                  flex: 'none',
                }}
              >
                {spreadId && (
                  <SpreadSvg
                    doc={doc}
                    spreadId={spreadId}
                    zoom={HISTORY_THUMBNAIL_PX / 460}
                    imageVariant="small"
                  />
                )}
              </div>
              <Text size="sm">
                {i18n.exists(labelKey) ? t(labelKey) : t('editorUi.history.labels.change')}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The spread of the first node a history entry touches (paths /nodes/<id>/...). */
function affectedSpread(doc: AlbumDocument, entry: HistoryEntry): string | undefined {
  for (const patch of [...entry.redo, ...entry.undo]) {
    const match = /^\/nodes\/([^/]+)/.exec(patch.path);
    if (!match) continue;
    const node = doc.nodes[match[1]];
    if (node?.type === 'Spread') return node.id;
    const spread = node ? spreadOf(doc, node.id) : undefined;
    if (spread) return spread.id;
  }
  return undefined;
}
