import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconRowInsertBottom,
  IconRowInsertTop,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import {
  addSpread,
  deleteSpread,
  duplicateSpread,
  getNode,
  isStaticSection,
  moveSpread,
  spreadActions,
  type AlbumDocument,
  type Change,
  type ModelErrorCode,
  type SpreadAction,
} from '@stickerbook/model';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '../../editor/Editor.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { useDerived } from '../../editor/ui/useEditorValue.ts';
import { confirm } from '../../ui/confirm.tsx';
import { modelErrorText, runChange } from '../editor-tabs/editorHooks.ts';
import { trackSpreadAction } from '../../analytics/index.ts';

const ICONS: Record<SpreadAction, Icon> = {
  addBefore: IconRowInsertTop,
  addAfter: IconRowInsertBottom,
  moveUp: IconArrowUp,
  moveDown: IconArrowDown,
  duplicate: IconCopy,
  delete: IconTrash,
};

const OPERATIONS: Record<SpreadAction, (doc: AlbumDocument, spreadId: string) => Change> = {
  addBefore: (doc, id) => addSpread(doc, id, 'before'),
  addAfter: (doc, id) => addSpread(doc, id, 'after'),
  moveUp: (doc, id) => moveSpread(doc, id, 'up'),
  moveDown: (doc, id) => moveSpread(doc, id, 'down'),
  duplicate: (doc, id) => duplicateSpread(doc, id),
  delete: (doc, id) => deleteSpread(doc, id),
};

type Blockers = Record<SpreadAction, ModelErrorCode | null>;

/** What the bar shows for a spread: nothing (read-only album, static section, gone) or each action's blocker. */
function barState(editor: Editor, spreadId: string): Blockers | null {
  const { locked, isAdmin } = editor.access.get();
  const doc = editor.doc;
  const spread = getNode(doc, spreadId);
  if ((locked && !isAdmin) || spread?.type !== 'Spread') return null;
  if (isStaticSection(getNode(doc, spread.parentId ?? ''))) return null;
  return spreadActions(doc, spreadId);
}

const sameBlockers = (a: Blockers | null, b: Blockers | null): boolean =>
  a === b ||
  (a !== null && b !== null && (Object.keys(a) as SpreadAction[]).every((key) => a[key] === b[key]));

/**
 * A spread's meta-bar actions (SPEC §4): add before/after, move up/down within the section, duplicate, delete
 * (with confirmation). Each button is disabled with the model's reason as its tooltip when a rule forbids it;
 * spreads of static sections (covers) show none. Every visible spread has a bar, so a bar re-renders only when
 * its own blockers change, not on every edit of the album.
 */
export const SpreadMetaBarActions = memo(function SpreadMetaBarActions({ spreadId }: { spreadId: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const blockers = useDerived(
    [editor.version, editor.access],
    () => barState(editor, spreadId),
    sameBlockers,
  );
  if (!blockers) return null;

  const run = async (action: SpreadAction) => {
    if (action === 'delete') {
      const ok = await confirm({
        title: t('structure.spreads.deleteTitle'),
        message: t('structure.spreads.deleteMessage'),
        confirmLabel: t('structure.spreads.delete'),
        danger: true,
      });
      if (!ok) return;
    }
    const change = runChange(editor, `spread ${action}`, (d) => OPERATIONS[action](d, spreadId), {
      select: action !== 'delete' && action !== 'moveUp' && action !== 'moveDown',
    });
    if (change) trackSpreadAction(action);
  };

  return (
    <Group gap={2} wrap="nowrap" data-testid="spread-actions" data-spread-id={spreadId}>
      {(Object.keys(ICONS) as SpreadAction[]).map((action) => {
        const Icon = ICONS[action];
        const blocker = blockers[action];
        const label = t(`structure.spreads.${action}`);
        return (
          <Tooltip key={action} label={blocker ? `${label}: ${modelErrorText(blocker)}` : label} withinPortal>
            {/* A disabled button fires no pointer events; the span keeps the tooltip explaining why. */}
            <span>
              <ActionIcon
                size="sm"
                variant="subtle"
                color={action === 'delete' ? 'red' : 'gray'}
                disabled={blocker !== null}
                aria-label={label}
                data-testid={`spread-action-${action}`}
                data-blocker={blocker ?? undefined}
                onClick={() => void run(action)}
              >
                <Icon size={16} />
              </ActionIcon>
            </span>
          </Tooltip>
        );
      })}
    </Group>
  );
});
