import '@mantine/core/styles/Stepper.css';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Stepper, Text, UnstyledButton } from '@mantine/core';
import {
  createSpreadFromLayout,
  isStaticSection,
  layoutSlots,
  sectionsInOrder,
  STICKER_CELL_MM,
  STICKER_NAME_MAX,
  type AlbumDocument,
  type Layout,
  type NewSpreadTarget,
} from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { runChange, useEditorDoc } from '../editor-tabs/editorHooks.ts';
import { trackSpreadCreatedFromLayout } from '../../analytics/index.ts';
import { useMobileTabPanel } from '../editor-tabs/useMobileTabPanel.ts';
import { LayoutPreview } from '../editor-tabs/layouts/LayoutPreview.tsx';
import { FileDropArea } from './FileDropArea.tsx';
import { fitFaceCrop } from '../images/index.ts';
import { uploadForSlots } from './uploadSlots.ts';
import { UploadProgress } from '../uploads/index.ts';

interface Props {
  albumId: string;
  target: NewSpreadTarget;
  layouts: Layout[];
  previewDoc: AlbumDocument | undefined;
  onClose: () => void;
}

/** A sticker's starting name from its photo's file name ('anna_meier.jpg' -> 'anna meier'), at most 30 characters. */
export function nameFromFile(file: File): string {
  return file.name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, STICKER_NAME_MAX);
}

/**
 * SPEC §2 spread creation modal. Step 1: choose a layout (previews by our renderer; covers are not offered;
 * Next waits for a choice). Step 2: drop photos into the stickers and backgrounds areas. Create adds the spread
 * with the layout, a sticker per photo placed in the slots, in one history entry, then closes (the modal unmounts,
 * so it starts fresh next time). The photos upload first (the upload panel shows their progress): each sticker
 * photo becomes its sticker's image, its face fitted in the frame when one was found; background photos land in
 * the layout's image slots. A photo that fails to upload leaves its slot as the layout has it.
 */
export function SpreadCreationModal({ albumId, target, layouts, previewDoc, onClose }: Props) {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorDoc();
  // SPEC §2: on mobile the creation modal is full screen.
  const mobile = useMobileTabPanel();
  const [step, setStep] = useState(0);
  const [layoutId, setLayoutId] = useState<string | null>(null);
  const [stickerFiles, setStickerFiles] = useState<File[]>([]);
  const [backgroundFiles, setBackgroundFiles] = useState<File[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // SPEC §5: a layout for a new spread has at least one sticker slot (backgrounds may be 0).
  const offered = layouts.filter((l) => layoutSlots(l).stickers >= 1);
  const layout = offered.find((l) => l.id === layoutId);
  const slots = layout ? layoutSlots(layout) : { stickers: 0, backgrounds: 0 };
  const hasEditableSection = sectionsInOrder(doc).some((section) => !isStaticSection(section));

  const create = async () => {
    if (!layout) return;
    setUploading(true);
    const [stickerImages, backgroundImages] = await Promise.all([
      uploadForSlots(stickerFiles, { albumId, model: 'sticker', t }),
      uploadForSlots(backgroundFiles, { albumId, model: 'image', t }),
    ]);
    setUploading(false);
    const change = runChange(
      editor,
      'create spread',
      (d) =>
        createSpreadFromLayout(d, target, layout, undefined, {
          newStickers: stickerFiles.map((file, i) => {
            const image = stickerImages[i];
            const face = image?.details.face;
            return {
              name: nameFromFile(file),
              position: '',
              doubleSticker: false,
              ...(image ? { image: image.id } : {}),
              ...(image && face ? fitFaceCrop(face, STICKER_CELL_MM, image.details) : {}),
            };
          }),
          backgroundImageIds: backgroundImages.flatMap((image) => (image ? [image.id] : [])),
        }),
      { select: false },
    );
    if (!change) return;
    trackSpreadCreatedFromLayout(layout.id, stickerFiles.length, backgroundImages.filter(Boolean).length);
    editor.zoomToFitSpread(change.selection[0]);
    onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={mobile}
      title={t('structure.creation.title')}
      data-testid="spread-creation"
    >
      {!hasEditableSection ? (
        <Alert color="yellow" data-testid="spread-creation-no-section">
          {t('errors.codes.NO_EDITABLE_SECTION')}
        </Alert>
      ) : (
        <Stack>
          <Stepper active={step} size="sm">
            <Stepper.Step label={t('structure.creation.step1')} />
            <Stepper.Step label={t('structure.creation.step2')} />
          </Stepper>
          {step === 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {previewDoc &&
                offered.map((l, i) => (
                  <UnstyledButton
                    key={l.id}
                    onClick={() => setLayoutId(l.id)}
                    aria-pressed={l.id === layoutId}
                    aria-label={t('structure.layouts.layoutLabel', { number: i + 1 })}
                    data-testid="creation-layout"
                    style={{
                      padding: 6,
                      borderRadius: 8,
                      outline:
                        l.id === layoutId
                          ? '3px solid var(--mantine-primary-color-filled)'
                          : '1px solid var(--mantine-color-gray-3)',
                    }}
                  >
                    <LayoutPreview doc={previewDoc} spreadId={l.id} widthPx={224} />
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('structure.creation.slotSummary', { ...layoutSlots(l) })}
                    </Text>
                  </UnstyledButton>
                ))}
            </SimpleGrid>
          ) : (
            <Stack>
              {alert && (
                <Alert
                  color="red"
                  withCloseButton
                  onClose={() => setAlert(null)}
                  role="alert"
                  data-testid="creation-alert"
                >
                  {alert}
                </Alert>
              )}
              <FileDropArea
                label={t('structure.creation.stickersArea')}
                files={stickerFiles}
                max={slots.stickers}
                onChange={setStickerFiles}
                onInvalid={setAlert}
                testId="creation-stickers"
              />
              <FileDropArea
                label={t('structure.creation.backgroundsArea')}
                files={backgroundFiles}
                max={slots.backgrounds}
                onChange={setBackgroundFiles}
                onInvalid={setAlert}
                testId="creation-backgrounds"
              />
              <UploadProgress />
            </Stack>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={step === 0 ? onClose : () => setStep(0)} disabled={uploading}>
              {step === 0 ? t('common.cancel') : t('common.back')}
            </Button>
            {step === 0 ? (
              <Button disabled={!layout} onClick={() => setStep(1)} data-testid="creation-next">
                {t('common.next')}
              </Button>
            ) : (
              <Button onClick={() => void create()} loading={uploading} data-testid="creation-create">
                {t('structure.creation.create')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
