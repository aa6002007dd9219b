/**
 * History (SPEC §2, §4): undo and redo buttons, and a list of the changes, each with a 48 px thumbnail of the
 * album as it was right after that change, on the spread it changed (or the spread in view).
 *
 * Editing pays nothing for the thumbnails: nothing is drawn or stored on commit. While the list is open, an entry
 * scrolled into view gets its document rebuilt from the current one with the inverse patches the history keeps
 * (packages/model `documentAfterEntry`), cached per entry until a collaborator's change arrives, and drawn by the
 * shared renderer at 48 px.
 */
import { ActionIcon, Badge, Group, Paper, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconHistory } from '@tabler/icons-react';
import {
  documentAfterEntry,
  documentBeforeEntry,
  HISTORY_THUMBNAIL_PX,
  SPREAD_WIDTH_MM,
  spreadOf,
  type AlbumDocument,
  type History,
  type HistoryDocumentCache,
  type HistoryEntry,
} from '@stickerbook/model';
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadSvg } from '../../render/index.ts';
import type { Editor } from '../Editor.ts';
import { useAtomValue } from '../react.ts';
import { useEditor } from './EditorContext.tsx';
import { useDerivedAfterPaint } from './useEditorValue.ts';

const SHOWN_ENTRIES = 30;

export function HistoryPanel() {
  const editor = useEditor();
  const canUndo = useDerivedAfterPaint([editor.history, editor.editMode, editor.access], () =>
    editor.canUndo(),
  );
  const canRedo = useDerivedAfterPaint([editor.history, editor.access], () => editor.canRedo());
  const access = useAtomValue(editor.access);
  const cache = useEntryDocumentCache(editor);
  if (access.locked && !access.isAdmin) return null;
  // Each button is its own memoised component: an undo that only enables redo re-renders the redo button, not
  // the panel's three tooltips (part of an undo's frame, issue 23).
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
        <StepButton step="undo" disabled={!canUndo} />
        <StepButton step="redo" disabled={!canRedo} />
        <HistoryOpenButton cache={cache} />
      </Group>
    </Paper>
  );
}

const StepButton = memo(function StepButton({
  step,
  disabled,
}: {
  step: 'undo' | 'redo';
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const editor = useEditor();
  // Asked once per language: the button renders again on every undo and redo (its `disabled`), after the paint
  // but before the next input, and the translation took ~0.6 ms of that.
  const label = useMemo(
    () => (step === 'undo' ? t('editorUi.history.undo') : t('editorUi.history.redo')),
    [t, step],
  );
  const Icon = step === 'undo' ? IconArrowBackUp : IconArrowForwardUp;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        disabled={disabled}
        aria-label={label}
        onClick={() => (step === 'undo' ? editor.undo() : editor.redo())}
        data-testid={step}
      >
        <Icon size={20} />
      </ActionIcon>
    </Tooltip>
  );
});

const HistoryOpenButton = memo(function HistoryOpenButton({
  cache,
}: {
  cache: RefObject<HistoryDocumentCache>;
}) {
  const { t } = useTranslation();
  return (
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
        <HistoryList cache={cache} />
      </Popover.Dropdown>
    </Popover>
  );
});

/**
 * The documents rebuilt for history entries, kept while the panel is mounted (open or not). A collaborator's
 * change or a reload is in the current document but in none of the cached ones: start afresh then.
 */
function useEntryDocumentCache(editor: Editor): RefObject<HistoryDocumentCache> {
  const cache = useRef<HistoryDocumentCache>(new WeakMap());
  useEffect(
    () =>
      editor.documentState.changes.on(({ origin, patches }) => {
        if (origin === 'remote' || patches.length === 0) cache.current = new WeakMap();
      }),
    [editor],
  );
  return cache;
}

function HistoryList({ cache }: { cache: RefObject<HistoryDocumentCache> }) {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const history = useAtomValue(editor.history);
  // The committed document (not a resize preview): the history's patches are relative to it.
  const doc = useAtomValue(editor.documentState.doc);
  const current = history.past.length > 1 ? history.past.at(-1) : undefined;
  const entries = history.past.slice(1).map((entry) => ({ entry, state: 'past' as const }));
  const future = [...history.future].reverse().map((entry) => ({ entry, state: 'future' as const }));
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
        {all.map(({ entry, state }) => {
          const labelKey = `editorUi.history.labels.${(entry.label ?? 'change').replace(/\s+/g, '_')}`;
          const isCurrent = entry === current;
          return (
            <Group
              key={entryKey(entry)}
              gap="xs"
              wrap="nowrap"
              opacity={state === 'future' ? 0.45 : 1}
              data-testid="history-entry"
              data-state={state}
              data-current={isCurrent || undefined}
            >
              <HistoryThumbnail editor={editor} doc={doc} history={history} entry={entry} cache={cache} />
              <Text size="sm" style={{ flex: 1 }}>
                {i18n.exists(labelKey) ? t(labelKey) : t('editorUi.history.labels.change')}
              </Text>
              {isCurrent && (
                <Badge size="xs" variant="light" data-testid="history-current">
                  {t('historyPanel.current')}
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** A stable React key per entry object (undo and redo replace an entry's object, and so its thumbnail). */
const entryKeys = new WeakMap<HistoryEntry, number>();
let nextEntryKey = 0;
function entryKey(entry: HistoryEntry): number {
  let key = entryKeys.get(entry);
  if (key === undefined) entryKeys.set(entry, (key = nextEntryKey++));
  return key;
}

/** The 48 px box of one entry: empty until scrolled into view, then the album right after the entry. */
function HistoryThumbnail(props: {
  editor: Editor;
  doc: AlbumDocument;
  history: History;
  entry: HistoryEntry;
  cache: RefObject<HistoryDocumentCache>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box);
  let thumbnail: { doc: AlbumDocument; spreadId: string } | undefined;
  if (seen) {
    const { editor, doc, history, entry, cache } = props;
    const after = documentAfterEntry(doc, history, entry, cache.current);
    if (after) {
      const before = () => documentBeforeEntry(doc, history, entry, cache.current);
      const spreadId = thumbnailSpread(after, before, entry, editor.selectionController.currentSpreadId());
      if (spreadId) thumbnail = { doc: after, spreadId };
    }
  }
  return (
    <div
      ref={box}
      data-testid="history-thumbnail"
      data-spread-id={thumbnail?.spreadId}
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
      {thumbnail && <SpreadThumbnail doc={thumbnail.doc} spreadId={thumbnail.spreadId} />}
    </div>
  );
}

/** The shared renderer at 48 px; a cached document is drawn once, however often the list re-renders. */
const SpreadThumbnail = memo(function SpreadThumbnail({
  doc,
  spreadId,
}: {
  doc: AlbumDocument;
  spreadId: string;
}) {
  return (
    <SpreadSvg
      doc={doc}
      spreadId={spreadId}
      zoom={HISTORY_THUMBNAIL_PX / SPREAD_WIDTH_MM}
      imageVariant="small"
    />
  );
});

/** True from the first time the element is on screen (inside the scrolled list), so hidden entries cost nothing. */
function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((record) => record.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * The spread an entry changed: that of the first node it touches (paths /nodes/<id>/...), looked up in the
 * document after the entry, or before it for a removed node. Otherwise (settings, stickers, a removed spread)
 * the spread in view, when it exists in that document.
 */
function thumbnailSpread(
  after: AlbumDocument,
  before: () => AlbumDocument | undefined,
  entry: HistoryEntry,
  inView: string | undefined,
): string | undefined {
  const nodeIds = [...entry.redo, ...entry.undo]
    .map((patch) => /^\/nodes\/([^/]+)/.exec(patch.path)?.[1])
    .filter((id): id is string => id !== undefined);
  const spreadIn = (doc: AlbumDocument, id: string) =>
    doc.nodes[id]?.type === 'Spread' ? id : doc.nodes[id] && spreadOf(doc, id)?.id;
  for (const id of nodeIds) {
    const spreadId = spreadIn(after, id);
    if (spreadId) return spreadId;
  }
  const previous = nodeIds.length > 0 ? before() : undefined;
  for (const id of previous ? nodeIds : []) {
    const spreadId = spreadIn(previous!, id);
    if (spreadId && after.nodes[spreadId]) return spreadId;
  }
  return inView && after.nodes[inView] ? inView : undefined;
}
