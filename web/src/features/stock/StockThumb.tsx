import { ActionIcon, Anchor, Box, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StockPhoto } from './api.ts';
import { writeStockDragData } from './stockDrag.ts';

interface Props {
  photo: StockPhoto;
  onInsert(photo: StockPhoto): void;
  /** Admins curating the local library can remove a photo from it. */
  onDelete?(photo: StockPhoto): void;
}

/** One result: a draggable thumbnail (click adds it to the current spread) with the photographer's credit. */
export function StockThumb({ photo, onInsert, onDelete }: Props) {
  const { t } = useTranslation();
  const label = t('stock.insert', { alt: photo.alt || t('stock.photoBy', { name: photo.photographer }) });
  return (
    <Stack gap={2} data-testid="stock-result" style={{ position: 'relative' }}>
      {onDelete && (
        <Tooltip label={t('stock.libraryAdmin.delete')} withinPortal>
          <ActionIcon
            size="sm"
            variant="white"
            color="red"
            radius="xl"
            aria-label={t('stock.libraryAdmin.delete')}
            onClick={() => onDelete(photo)}
            style={{
              position: 'absolute',
              top: 4,
              right: 4,
              zIndex: 1,
              boxShadow: 'var(--mantine-shadow-xs)',
            }}
            data-testid="stock-library-delete"
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      )}
      <UnstyledButton
        draggable
        onDragStart={(event) => writeStockDragData(event.dataTransfer, photo)}
        onClick={() => onInsert(photo)}
        aria-label={label}
        title={label}
        data-stock-id={photo.id}
        style={{ borderRadius: 6, overflow: 'hidden', cursor: 'grab', display: 'block' }}
      >
        <Box
          component="img"
          src={photo.src.tiny}
          alt={photo.alt}
          loading="lazy"
          draggable={false}
          style={{
            display: 'block',
            width: '100%',
            aspectRatio: '7 / 5',
            objectFit: 'cover',
            background: '#e9ecef',
          }}
        />
      </UnstyledButton>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {photo.photographer_url ? (
          <Anchor href={photo.photographer_url} target="_blank" rel="noopener noreferrer" inherit c="dimmed">
            {t('stock.photoBy', { name: photo.photographer })}
          </Anchor>
        ) : (
          t('stock.photoBy', { name: photo.photographer })
        )}
      </Text>
    </Stack>
  );
}
