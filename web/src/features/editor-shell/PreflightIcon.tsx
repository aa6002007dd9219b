/**
 * Preflight-error icon of the top bar (SPEC §2, desktop): the album's print problems in a popover with a
 * warning icon (SPEC §8). `AlbumPreflightIcon` fills it from the order preflight (packages/model albumPreflight)
 * and the images' print-quality check, grouped by kind with a count, advice and the pages they are on
 * (ProblemGroups); each page is a button that shows its spread. Empty sticker cells can be removed in one undoable
 * step from there. With no problems the popover says so.
 */
import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Button, Indicator, Popover, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../editor/react.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { albumImageRegistry } from '../images/index.ts';
import {
  useJumpToSpread,
  useRemoveEmptyStickerCells,
  useTopBarPreflight,
  type TopBarPreflightEntry,
} from './albumPreflight.ts';
import { editorPath } from './editorKeys.ts';
import { groupProblems, type ProblemPlace } from './problemGroups.ts';
import { ProblemGroups } from './ProblemGroups.tsx';

/** The top bar's icon with the open album's preflight entries. */
export function AlbumPreflightIcon({ albumId }: { albumId: string }) {
  const entries = useTopBarPreflight(albumImageRegistry(albumId));
  const jump = useJumpToSpread();
  const navigate = useNavigate();
  const removeEmptyStickerCells = useRemoveEmptyStickerCells();
  // A locked album (approved for print) is read-only: nothing is offered that the editor would refuse.
  const editor = useEditor();
  const { locked, isAdmin } = useAtomValue(editor.access);
  const canEdit = !locked || isAdmin;
  return (
    <PreflightIcon
      entries={entries}
      onSelect={(place) =>
        // An empty section has no spread to show: its stickers tab is where it gets one.
        place.spreadId ? jump(place.spreadId, place.elementId) : navigate(editorPath(albumId, 'stickers'))
      }
      onRemoveEmptyStickerCells={canEdit ? () => void removeEmptyStickerCells() : undefined}
    />
  );
}

interface Props {
  entries?: readonly TopBarPreflightEntry[];
  onSelect?: (place: ProblemPlace) => void;
  /** Offered under the empty sticker cells' group; asks for confirmation itself. */
  onRemoveEmptyStickerCells?: () => void;
}

function PreflightIcon({ entries = [], onSelect, onRemoveEmptyStickerCells }: Props) {
  const { t } = useTranslation();
  const [opened, { close, open }] = useDisclosure(false);
  const errors = entries.filter((entry) => entry.severity === 'error').length;
  const count = entries.length;
  const groups = useMemo(() => groupProblems(entries), [entries]);
  return (
    // Opens on hover like a tooltip, and stays open while the pointer is on the list so its entries can be clicked.
    // The count badge wraps the whole popover, so the popover's target (which gets aria-expanded) is the button.
    <Indicator
      disabled={count === 0}
      label={count}
      size={16}
      color={errors > 0 ? 'red' : 'orange'}
      visibleFrom="md"
    >
      <Popover
        opened={opened}
        onChange={(next) => (next ? open() : close())}
        width={340}
        position="bottom-end"
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color={count === 0 ? 'gray' : 'orange'}
            size="lg"
            aria-label={t('editorUi.preflight.label')}
            onMouseEnter={open}
            onFocus={open}
            onClick={() => (opened ? close() : open())}
            data-testid="preflight-icon"
            data-count={count}
          >
            {count === 0 ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="sm" onMouseLeave={close} data-testid="preflight-list">
          {count === 0 ? (
            <Text size="sm">{t('editorUi.preflight.none')}</Text>
          ) : (
            <div style={{ maxHeight: 420, overflowY: 'auto' }}>
              <ProblemGroups
                groups={groups}
                onPlace={(place) => {
                  onSelect?.(place);
                  close();
                }}
                action={(group) =>
                  group.code === 'EMPTY_STICKER_CELL' && onRemoveEmptyStickerCells ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => {
                        close();
                        onRemoveEmptyStickerCells();
                      }}
                      style={{ alignSelf: 'flex-start' }}
                      data-testid="remove-empty-sticker-cells"
                    >
                      {t('albumProblems.removeEmpty.button', { count: group.count })}
                    </Button>
                  ) : null
                }
              />
            </div>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
