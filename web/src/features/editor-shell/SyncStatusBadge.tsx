/** Top-bar sync status (SPEC §2) from the saving layer's status atom (issue 6 `startAlbumSync`). */
import { Badge, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUp, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReadonlyAtom } from '../../editor/state/atom.ts';
import { useAtomValueAfterPaint } from '../../editor/ui/useEditorValue.ts';
import type { SyncStatus } from '../../editor/ui/useAlbumSync.ts';

const LOOK = {
  saved: { color: 'teal', icon: IconCloudCheck },
  saving: { color: 'blue', icon: IconCloudUp },
  offline: { color: 'gray', icon: IconCloudOff },
  error: { color: 'red', icon: IconAlertTriangle },
} as const;

export function SyncStatusBadge({ status }: { status: ReadonlyAtom<SyncStatus> }) {
  const { t } = useTranslation();
  const value = useAtomValueAfterPaint(status);
  if (value === 'unavailable') return null;
  const { color, icon: StatusIcon } = LOOK[value];
  return (
    <Tooltip label={t(`editorUi.sync.${value}Hint`)}>
      <Badge
        variant="light"
        color={color}
        leftSection={<StatusIcon size={14} />}
        visibleFrom="sm"
        data-testid="sync-status"
        data-status={value}
      >
        {t(`editorUi.sync.${value}`)}
      </Badge>
    </Tooltip>
  );
}
