import { Avatar, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Sticker } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { writeStickerDragData } from './stickerDrop.ts';

interface Props {
  sticker: Sticker;
  /** '7', '8-9' for a double sticker, '' when not placed. */
  numberLabel: string;
  /** The sticker photo's small variant; the initials stand in until it loads, or without a photo. */
  photoUrl?: string;
  draggable: boolean;
  onOpen: () => void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** One sticker in the stickers tab: drag it onto the canvas to place it, click to edit it. */
export function StickerTile({ sticker, numberLabel, photoUrl, draggable, onOpen }: Props) {
  const { t } = useTranslation();
  const label = sticker.name || t('structure.stickers.unnamed');
  return (
    <Paper
      withBorder
      radius="md"
      p={6}
      draggable={draggable}
      onDragStart={(event) => writeStickerDragData(event.dataTransfer, { stickerId: sticker.id })}
      style={{ cursor: draggable ? 'grab' : 'pointer' }}
      data-testid="sticker-tile"
      data-sticker-id={sticker.id}
      data-sticker-name={sticker.name}
    >
      <UnstyledButton onClick={onOpen} w="100%" aria-label={t('structure.stickers.edit', { name: label })}>
        <Group gap={8} wrap="nowrap">
          <Avatar
            radius="sm"
            size={sticker.doubleSticker ? 'md' : 'md'}
            w={sticker.doubleSticker ? 56 : 38}
            color="brand"
            src={photoUrl}
            alt=""
            data-testid="sticker-tile-photo"
          >
            {initials(label)}
          </Avatar>
          <Stack gap={0} miw={0} flex={1}>
            <Text size="sm" fw={600} truncate>
              {label}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {sticker.position || '\u00a0'}
            </Text>
          </Stack>
          {sticker.doubleSticker && (
            <Badge size="xs" variant="light">
              {t('structure.stickers.doubleBadge')}
            </Badge>
          )}
          {numberLabel && (
            <Badge size="md" variant="filled" color="dark" data-testid="sticker-number">
              {numberLabel}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

/** SPEC §2 new-sticker placeholder: the first tile of a section. */
export function NewStickerTile({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={disabled}
      data-testid="new-sticker"
      style={{
        border: '1.5px dashed var(--mantine-color-gray-5)',
        borderRadius: 'var(--mantine-radius-md)',
        padding: 8,
        opacity: disabled ? 0.5 : 1,
      }}
    >
      <Group gap={8} justify="center">
        <IconPlus size={16} />
        <Text size="sm" fw={600}>
          {t('structure.stickers.new')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
