import { Button, FileButton, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { preflight, type AlbumDocument, type ImageModel } from '@stickerbook/model';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUploadProblems, problemsText } from '../uploads/uploadErrors.ts';
import { TooManyFilesError, uploadFiles } from '../uploads/uploadFiles.ts';
import { UploadProgress } from '../uploads/UploadProgress.tsx';
import { notify } from '../../ui/notify.ts';
import { albumImagesQueryKey, useAlbumImageRegistry } from './albumImages.ts';
import { useRegistryVersion } from './imageRegistry.ts';
import { LowResolutionBadge } from './LowResolutionBadge.tsx';

interface Props {
  albumId: string;
  model?: ImageModel;
  /** When given, thumbnails of images placed too small for print carry the low-resolution badge. */
  doc?: AlbumDocument;
}

/**
 * The background tab's images: a drop zone and file picker (SPEC §4 upload flow with progress), then the album's
 * images as thumbnails (small variant), draggable onto the canvas as `image/x-stickerbook-image` with the id.
 */
export function AlbumImagesPanel({ albumId, model = 'image', doc }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const registry = useAlbumImageRegistry(albumId);
  useRegistryVersion(registry);
  const [dragging, setDragging] = useState(false);
  const records = queryClient.getQueryData<Array<{ id: string }>>(albumImagesQueryKey(albumId)) ?? [];
  const issues = doc ? preflight(doc, registry.pixelsById()) : [];

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
    await queryClient.invalidateQueries({ queryKey: albumImagesQueryKey(albumId) });
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
          {records.map(({ id }) => {
            const issue = issues.find((candidate) => candidate.imageId === id);
            return (
              <div
                key={id}
                style={{ position: 'relative' }}
                draggable
                onDragStart={(event) => event.dataTransfer.setData('image/x-stickerbook-image', id)}
                data-testid="album-image"
              >
                <Image src={registry.imageUrlFor(id, 'small')} radius="sm" h={90} fit="cover" alt="" />
                {issue && (
                  <div style={{ position: 'absolute', top: 4, right: 4 }}>
                    <LowResolutionBadge issue={issue} />
                  </div>
                )}
              </div>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
