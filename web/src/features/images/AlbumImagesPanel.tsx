import { Button, FileButton, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { preflight, type AlbumDocument, type ImageModel } from '@stickerbook/model';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { notify, notifyError } from '../../ui/notify.ts';
import { AiEditModal, useAiEditAvailable, type ApplyEdit, type EditedImage } from '../ai-edit/index.ts';
import { runChange } from '../editor-tabs/editorHooks.ts';
import { track } from '../../analytics/index.ts';
import { deleteImage, fetchImage } from '../uploads/uploadApi.ts';
import { notifyUploadProblems, problemsText } from '../uploads/uploadErrors.ts';
import { TooManyFilesError, uploadFiles } from '../uploads/uploadFiles.ts';
import { UploadProgress } from '../uploads/UploadProgress.tsx';
import { AlbumImageItem } from './AlbumImageItem.tsx';
import { albumImagesQueryKey, useAlbumImageRegistry } from './albumImages.ts';
import { useRegistryVersion } from './imageRegistry.ts';
import { imageUses, replaceImageEverywhere } from './replaceImage.ts';

interface Props {
  albumId: string;
  model?: ImageModel;
  /** When given, thumbnails of images placed too small for print carry the low-resolution badge. */
  doc?: AlbumDocument;
}

/**
 * The background tab's images: a drop zone and file picker (SPEC §4 upload flow with progress), then the album's
 * images as thumbnails (small variant), draggable onto the canvas as `image/x-stickerbook-image` with the id.
 * Each thumbnail's menu edits the image with AI (the result is added, or replaces the original wherever the
 * album uses it) or deletes it. Lives in the editor (EditorProvider).
 */
export function AlbumImagesPanel({ albumId, model = 'image', doc }: Props) {
  const { t } = useTranslation();
  const editor = useEditor();
  const queryClient = useQueryClient();
  const registry = useAlbumImageRegistry(albumId);
  useRegistryVersion(registry);
  const aiEditAvailable = useAiEditAvailable();
  const [dragging, setDragging] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const records = registry.records();
  const issues = doc ? preflight(doc, registry.pixelsById()) : [];
  const editingUses = editingId && doc ? imageUses(doc, editingId) : 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: albumImagesQueryKey(albumId) });

  async function applyEdit(originalId: string, image: EditedImage, how: ApplyEdit) {
    try {
      const record = await fetchImage(image.id);
      registry.setRecord(record);
      if (how === 'replace') {
        const replaced = runChange(editor, 'replace edited image', (current) =>
          replaceImageEverywhere(current, originalId, record.id),
        );
        if (replaced?.patches.length) track('Image Replaced', { via: 'ai_edit_everywhere' });
      }
    } catch (error) {
      notifyError(error);
    }
    await refresh();
  }

  async function remove(imageId: string) {
    const uses = doc ? imageUses(doc, imageId) : 0;
    const confirmed = await confirm({
      title: t('images.item.deleteTitle'),
      message: uses > 0 ? t('images.item.deleteUsed', { count: uses }) : t('images.item.deleteMessage'),
      confirmLabel: t('images.item.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteImage(imageId);
      registry.remove(imageId);
    } catch (error) {
      notifyError(error);
    }
    await refresh();
  }

  async function upload(files: File[]) {
    try {
      const jobs = await uploadFiles(files, {
        albumId,
        model,
        onRecord: (_job, image) => registry.setRecord(image),
        onFinished: (_job, image) => registry.setRecord(image),
      });
      notifyUploadProblems(t, jobs, model);
    } catch (error) {
      if (!(error instanceof TooManyFilesError)) throw error;
      notify.error(problemsText(t, error.codes));
    }
    await refresh();
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) void upload(files);
  };

  return (
    <Stack gap="sm" data-testid="album-images-panel">
      <Stack
        align="center"
        gap={6}
        p="md"
        data-testid="image-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'blue-5' : 'gray-4'})`,
          borderRadius: 8,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          textAlign: 'center',
        }}
      >
        <IconUpload size={24} />
        <Text size="sm" fw={500}>
          {t('images.upload.drop')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('images.upload.dropHint')}
        </Text>
        <FileButton
          onChange={(files) => files.length && void upload(files)}
          accept="image/jpeg,image/png,image/svg+xml"
          multiple
        >
          {(props) => (
            <Button size="xs" variant="light" {...props} data-testid="choose-images">
              {t('images.upload.choose')}
            </Button>
          )}
        </FileButton>
      </Stack>
      <UploadProgress />
      {records.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          {t('images.upload.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={2} spacing={6}>
          {records.map(({ id, hidden }) => (
            <AlbumImageItem
              key={id}
              imageId={id}
              hidden={hidden === true}
              src={registry.imageUrlFor(id, 'small')}
              issue={issues.find((candidate) => candidate.imageId === id)}
              onAiEdit={aiEditAvailable ? () => setEditingId(id) : undefined}
              onDelete={() => void remove(id)}
            />
          ))}
        </SimpleGrid>
      )}
      {editingId && (
        <AiEditModal
          opened
          imageId={editingId}
          originalUrl={registry.imageUrlFor(editingId, 'medium')}
          onClose={() => setEditingId(null)}
          onApply={(image, how) => void applyEdit(editingId, image, how)}
          canReplace={editingUses > 0}
          replaceHint={t('aiEdit.replaceEverywhereHint', { count: editingUses })}
        />
      )}
    </Stack>
  );
}
