import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StickerUpload } from './queries.ts';

interface Props {
  opened: boolean;
  uploads: StickerUpload[];
  sectionNames: Map<string, string>;
  onClose(): void;
  onMerge(upload: StickerUpload): Promise<void>;
  onDelete(upload: StickerUpload): Promise<void>;
}

/** SPEC §2 sticker upload collection modal: the unmerged uploads one by one, to merge or delete. */
export function StickerUploadCollectionModal({
  opened,
  uploads,
  sectionNames,
  onClose,
  onMerge,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = uploads[Math.min(index, uploads.length - 1)];
  return (
    <Modal opened={opened} onClose={onClose} title={t('stickerLink.tab.review')} centered>
      {!current ? (
        <Text c="dimmed">{t('stickerLink.tab.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {t('stickerLink.form.stepOf', {
              step: Math.min(index, uploads.length - 1) + 1,
              total: uploads.length,
            })}
          </Text>
          {current.image && (
            <Image src={current.image.blob.medium} mah={360} fit="contain" radius="md" alt="" />
          )}
          <Text fw={600}>{`${current.name} ${current.last_name}`.trim()}</Text>
          <Text size="sm" c="dimmed">
            {[
              current.position,
              current.section_id
                ? sectionNames.get(current.section_id) || t('stickerLink.form.untitledSection')
                : t('stickerLink.form.unknownSection'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {current.details.face === null && (
            <Text size="xs" c="orange">
              {t('stickerLink.tab.noFace')}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              {t('stickerLink.form.back')}
            </Button>
            <Group gap="xs">
              <Button color="red" variant="light" onClick={() => void onDelete(current)}>
                {t('stickerLink.tab.delete')}
              </Button>
              <Button onClick={() => void onMerge(current)}>{t('stickerLink.tab.merge')}</Button>
            </Group>
            <Button
              variant="default"
              disabled={index >= uploads.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              {t('stickerLink.form.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
