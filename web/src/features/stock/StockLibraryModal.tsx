import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Progress,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodesOf } from '../uploads/uploadFiles.ts';
import { problemsText } from '../uploads/uploadErrors.ts';
import { addLibraryPhoto, LibraryUploadError } from './libraryApi.ts';

type FileState = 'queued' | 'working' | 'finished' | 'error';

interface ChosenFile {
  file: File;
  previewUrl: string;
  state: FileState;
  progress: number;
  problem?: string;
}

/** SPEC §5: at most 15 files at once, as for uploads into an album. */
const MAX_FILES = 15;

/**
 * The admins' stock library screen: photos (JPEG or PNG) with their photographer, an optional link to the
 * photographer's page, a title and search tags, uploaded one after the other with a progress bar each. Photos
 * that made it are searchable at once; a refused one says why and stays in the list.
 */
export function StockLibraryModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [running, setRunning] = useState(false);
  const form = useForm({
    initialValues: { photographer: '', photographerUrl: '', title: '', tags: [] as string[] },
    validate: {
      photographer: (value) => (value.trim() === '' ? t('stock.libraryAdmin.photographerRequired') : null),
      photographerUrl: (value) =>
        value.trim() === '' || URL.canParse(value.trim()) ? null : t('stock.libraryAdmin.urlInvalid'),
    },
  });

  // The previews are object URLs: given back when another choice replaces them and when the modal goes.
  const previewUrls = useRef<string[]>([]);
  const revokePreviews = () => previewUrls.current.splice(0).forEach((url) => URL.revokeObjectURL(url));
  useEffect(() => revokePreviews, []);

  const choose = (chosen: File[]) => {
    revokePreviews();
    const next = chosen.slice(0, MAX_FILES).map((file): ChosenFile => ({
      file,
      previewUrl: URL.createObjectURL(file),
      state: 'queued',
      progress: 0,
    }));
    previewUrls.current = next.map((entry) => entry.previewUrl);
    setFiles(next);
  };
  const update = (index: number, changes: Partial<ChosenFile>) =>
    setFiles((current) => current.map((entry, i) => (i === index ? { ...entry, ...changes } : entry)));

  const upload = form.onSubmit(async (values) => {
    setRunning(true);
    for (const [index, entry] of files.entries()) {
      if (entry.state === 'finished') continue;
      update(index, { state: 'working', progress: 0, problem: undefined });
      try {
        await addLibraryPhoto(entry.file, values, (progress) => update(index, { progress }));
        update(index, { state: 'finished', progress: 1 });
      } catch (error) {
        const codes = error instanceof LibraryUploadError ? error.codes : errorCodesOf(error);
        update(index, { state: 'error', problem: problemsText(t, codes, 'sticker') });
      }
    }
    setRunning(false);
    await queryClient.invalidateQueries({ queryKey: ['stock_photos'] });
  });

  const close = () => {
    if (running) return;
    revokePreviews();
    setFiles([]);
    form.reset();
    onClose();
  };
  const done = files.length > 0 && files.every((entry) => entry.state === 'finished');

  return (
    <Modal opened={opened} onClose={close} title={t('stock.libraryAdmin.title')} size="lg">
      <form onSubmit={upload} data-testid="stock-library-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('stock.libraryAdmin.intro')}
          </Text>
          <Group>
            <FileButton onChange={choose} accept="image/jpeg,image/png" multiple disabled={running}>
              {(props) => (
                <Button
                  variant="light"
                  leftSection={<IconPhotoPlus size={16} />}
                  {...props}
                  data-testid="stock-library-choose"
                >
                  {t('stock.libraryAdmin.choose')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('stock.libraryAdmin.fileHint', { count: MAX_FILES })}
            </Text>
          </Group>
          {files.length > 0 && (
            <Stack gap={6} data-testid="stock-library-files">
              {files.map((entry) => (
                <Group
                  key={entry.previewUrl}
                  gap="sm"
                  wrap="nowrap"
                  data-testid="stock-library-file"
                  data-state={entry.state}
                >
                  <Image src={entry.previewUrl} w={56} h={40} radius="sm" fit="cover" alt="" />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" truncate>
                        {entry.file.name}
                      </Text>
                      <Text size="xs" c={entry.state === 'error' ? 'red' : 'dimmed'}>
                        {t(`images.states.${entry.state}`)}
                      </Text>
                    </Group>
                    <Progress
                      value={entry.progress * 100}
                      size="sm"
                      color={
                        entry.state === 'error' ? 'red' : entry.state === 'finished' ? 'teal' : undefined
                      }
                    />
                    {entry.problem && (
                      <Text size="xs" c="red" data-testid="stock-library-problem">
                        {entry.problem}
                      </Text>
                    )}
                  </Stack>
                </Group>
              ))}
            </Stack>
          )}
          <TextInput
            label={t('stock.libraryAdmin.photographer')}
            withAsterisk
            disabled={running}
            {...form.getInputProps('photographer')}
            data-testid="stock-library-photographer"
          />
          <TextInput
            label={t('stock.libraryAdmin.photographerUrl')}
            placeholder="https://"
            disabled={running}
            {...form.getInputProps('photographerUrl')}
            data-testid="stock-library-photographer-url"
          />
          <TextInput
            label={t('stock.libraryAdmin.photoTitle')}
            disabled={running}
            {...form.getInputProps('title')}
            data-testid="stock-library-title"
          />
          <TagsInput
            label={t('stock.libraryAdmin.tags')}
            description={t('stock.libraryAdmin.tagsHint')}
            maxTags={32}
            disabled={running}
            {...form.getInputProps('tags')}
            data-testid="stock-library-tags"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={running}>
              {t('stock.libraryAdmin.close')}
            </Button>
            <Button
              type="submit"
              loading={running}
              disabled={files.length === 0 || done}
              data-testid="stock-library-upload"
            >
              {t('stock.libraryAdmin.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
