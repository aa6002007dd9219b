import { Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconFaceId, IconPhotoPlus } from '@tabler/icons-react';
import { DOUBLE_STICKER_CELL_MM, STICKER_CELL_MM, STICKER_IMAGE_TYPES } from '@stickerbook/model';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiEditButton, type ApplyEdit, type EditedImage } from '../ai-edit/index.ts';
import {
  albumImageRegistry,
  albumImagesQueryKey,
  fitFaceCrop,
  useRegistryVersion,
  type FaceFitCrop,
} from '../images/index.ts';
import {
  fetchImage,
  notifyUploadProblems,
  problemsText,
  TooManyFilesError,
  uploadFiles,
  type ImageRecord,
} from '../uploads/index.ts';
import { notify, notifyError } from '../../ui/notify.ts';

interface Props {
  albumId: string;
  /** Image record id of the sticker's photo. */
  image: string | null;
  /** Double stickers are twice as wide: the frame the face is fitted into. */
  doubleSticker: boolean;
  onImage: (image: string | null) => void;
  onFitFace: (crop: FaceFitCrop) => void;
  /** The AI edit's 'Replace original': the edited record takes the photo's place on the sticker. */
  onReplaceWithEdit: (image: string) => void;
  disabled: boolean;
}

/**
 * Photo of a sticker (SPEC §2: add, change, download, fit face; SPEC §5: jpeg or png). A chosen photo uploads
 * through the upload pipeline as a sticker photo (face detection first) and the form keeps the new record's id;
 * fit face centres the detected face in the sticker frame, or says 'no face found'. Where the deployment offers
 * it, the photo can be edited with AI: the result replaces the sticker's photo, or is only added to the album's
 * images (it is a new record either way; the original stays).
 */
export function StickerImageField({
  albumId,
  image,
  doubleSticker,
  onImage,
  onFitFace,
  onReplaceWithEdit,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const registry = albumImageRegistry(albumId);
  useRegistryVersion(registry);
  const [local, setLocal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = local ?? (image ? registry.imageUrlFor(image, 'small') : undefined);
  const original = image ? registry.imageUrlFor(image, 'original') : undefined;

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    if (!(STICKER_IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      setError(t('structure.form.imageType'));
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const jobs = await uploadFiles([chosen], {
        albumId,
        model: 'sticker',
        onLocal: (job) => setLocal(job.localUrl ?? null),
        onRecord: (_job, record) => {
          registry.setRecord(record);
          onImage(record.id);
        },
        onFinished: (_job, record) => registry.setRecord(record),
      });
      notifyUploadProblems(t, jobs, 'sticker');
    } catch (caught) {
      if (!(caught instanceof TooManyFilesError)) throw caught;
      notify.error(problemsText(t, caught.codes));
    } finally {
      setLocal(null);
      setUploading(false);
    }
  };

  const applyEdit = async (edited: EditedImage, how: ApplyEdit) => {
    try {
      const record = await fetchImage(edited.id);
      registry.setRecord(record);
      if (how === 'replace') onReplaceWithEdit(record.id);
    } catch (caught) {
      notifyError(caught);
    }
    // The images panel lists the new record either way.
    await queryClient.invalidateQueries({ queryKey: albumImagesQueryKey(albumId) });
  };

  const fitFace = async () => {
    if (!image) return;
    let record: ImageRecord | undefined = registry.record(image);
    if (!record) {
      record = await fetchImage(image);
      registry.setRecord(record);
    }
    const face = record.details.face;
    if (!face) {
      setError(t('structure.form.noFace'));
      return;
    }
    setError(null);
    const frame = doubleSticker ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
    onFitFace(fitFaceCrop(face, frame, { width: record.details.width, height: record.details.height }));
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('structure.form.photo')}
      </Text>
      {preview && (
        <Image
          src={preview}
          alt=""
          h={120}
          w="auto"
          fit="contain"
          radius="sm"
          data-testid="sticker-form-preview"
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Group gap="xs">
        <FileButton
          onChange={(file) => void choose(file)}
          accept={STICKER_IMAGE_TYPES.join(',')}
          disabled={disabled || uploading}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={uploading ? <Loader size={12} /> : <IconPhotoPlus size={14} />}
              data-testid="sticker-form-image"
            >
              {image ? t('structure.form.changePhoto') : t('structure.form.addPhoto')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          disabled={!original}
          component="a"
          href={original}
          download
          target="_blank"
        >
          {t('structure.form.downloadPhoto')}
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFaceId size={14} />}
          disabled={disabled || uploading || !image}
          onClick={() => void fitFace()}
          data-testid="sticker-form-fit-face"
        >
          {t('structure.form.fitFace')}
        </Button>
        {/* As in the image toolbar: only for an uploaded record (AiEditButton itself hides when the server
            offers no AI edit), and only for someone who may change the sticker. */}
        {image && !image.startsWith('local-') && !uploading && !disabled && (
          <AiEditButton
            imageId={image}
            originalUrl={registry.imageUrlFor(image, 'medium')}
            replaceHint={t('stickerAiEdit.replaceHint')}
            onApply={(edited, how) => void applyEdit(edited, how)}
          />
        )}
      </Group>
      {uploading && (
        <Text size="xs" c="dimmed" data-testid="sticker-form-uploading">
          {t('images.states.working')}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" role="alert" data-testid="sticker-form-photo-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
