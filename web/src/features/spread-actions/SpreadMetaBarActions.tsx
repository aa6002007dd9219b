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
  type SpreadAction,
} from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { modelErrorText, runChange, useCanEdit, useEditorDoc } from '../editor-tabs/editorHooks.ts';

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

/**
 * A spread's meta-bar actions (SPEC §4): add before/after, move up/down within the section, duplicate, delete
 * (with confirmation). Each button is disabled with the model's reason as its tooltip when a rule forbids it;
 * spreads of static sections (covers) show none.
 */
export function SpreadMetaBarActions({ spreadId }: { spreadId: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorDoc();
  const editable = useCanEdit();
  const spread = getNode(doc, spreadId);
  if (!editable || spread?.type !== 'Spread' || isStaticSection(getNode(doc, spread.parentId ?? '')))
    return null;
  const blockers = spreadActions(doc, spreadId);

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
    runChange(editor, `spread ${action}`, (d) => OPERATIONS[action](d, spreadId), {
      select: action !== 'delete' && action !== 'moveUp' && action !== 'moveDown',
    });
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
}
