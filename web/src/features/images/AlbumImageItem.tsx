import { ActionIcon, Badge, Image, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconSparkles, IconTrash } from '@tabler/icons-react';
import type { PrintQualityIssue } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { LowResolutionBadge } from './LowResolutionBadge.tsx';

interface Props {
  imageId: string;
  src: string | undefined;
  issue?: PrintQualityIssue;
  /** Shown to admins only (SPEC §6): a photo the album's people do not see yet (a sticker link upload). */
  hidden?: boolean;
  /** Offered only when the deployment has the AI edit. */
  onAiEdit?(): void;
  onDelete(): void;
}

/**
 * One thumbnail of the images panel: draggable onto the canvas (`image/x-stickerbook-image` with the id), with
 * its low-resolution mark and a menu of what can be done with the image (edit with AI, delete).
 */
export function AlbumImageItem({ imageId, src, issue, hidden = false, onAiEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <div
      style={{ position: 'relative' }}
      draggable
      onDragStart={(event) => event.dataTransfer.setData('image/x-stickerbook-image', imageId)}
      data-testid="album-image"
      data-image-id={imageId}
      data-hidden={hidden || undefined}
    >
      <Image src={src} radius="sm" h={90} fit="cover" alt="" style={hidden ? { opacity: 0.6 } : undefined} />
      {hidden && (
        <Tooltip label={t('albumFields.hiddenImage.hint')} multiline w={220}>
          <Badge
            size="xs"
            color="gray"
            variant="filled"
            style={{ position: 'absolute', bottom: 4, left: 4 }}
            data-testid="album-image-hidden"
          >
            {t('albumFields.hiddenImage.badge')}
          </Badge>
        </Tooltip>
      )}
      {issue && (
        <div style={{ position: 'absolute', top: 4, right: 4 }}>
          <LowResolutionBadge issue={issue} />
        </div>
      )}
      <Menu position="bottom-start" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            size="sm"
            variant="white"
            color="dark"
            radius="xl"
            aria-label={t('images.item.menu')}
            style={{ position: 'absolute', top: 4, left: 4, boxShadow: 'var(--mantine-shadow-xs)' }}
            data-testid="album-image-menu"
          >
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {onAiEdit && (
            <Menu.Item
              leftSection={<IconSparkles size={14} />}
              onClick={onAiEdit}
              data-testid="album-image-ai-edit"
            >
              {t('aiEdit.button')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            data-testid="album-image-delete"
          >
            {t('images.item.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
