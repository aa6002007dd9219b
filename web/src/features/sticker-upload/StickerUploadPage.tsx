import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCodeOf } from '../../api/errors.ts';
import { errorMessage } from '../../ui/notify.ts';
import { errorTextKey } from '../../i18n/errorText.ts';
import { Logo } from '../../ui/layout/Logo.tsx';
import { inspectFile } from '../uploads/inspectFile.ts';
import { problemsText } from '../uploads/uploadErrors.ts';
import {
  checkFace,
  fetchOwnUploads,
  fetchStickerLink,
  linkSession,
  replaceStickerUpload,
  sendStickerPhoto,
  type OwnUpload,
  type StickerLink,
} from './api.ts';
import { useHoldNavigation } from './useHoldNavigation.ts';

const NAME_MAX = 30;
const UNKNOWN_SECTION = '__unknown__';
type Step = 'name' | 'section' | 'photo' | 'upload' | 'result';
/** The face check of the chosen photo: running, a face found, none found (a hint; sending is still allowed). */
type FaceCheck = 'checking' | 'found' | 'none' | undefined;
const mineKey = (token: string) => ['sticker-link-mine', token] as const;

interface ChosenPhoto {
  file: File;
  url: string;
  size: { width: number; height: number };
}

/** SPEC §2 /s/{token}: the public sticker upload form, for contributors without an account (issue 8). */
export function StickerUploadPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const link = useQuery({
    queryKey: ['sticker-link', token],
    queryFn: () => fetchStickerLink(token),
    retry: false,
    refetchOnWindowFocus: false,
  });

  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      {link.data && !link.data.white_label && (
        <Box px="md" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Logo />
        </Box>
      )}
      <Container size={480} w="100%" py="lg" px="md" style={{ flex: 1 }}>
        {link.isPending ? (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        ) : link.data ? (
          <StickerForm token={token} link={link.data} />
        ) : (
          <Alert
            color="gray"
            icon={<IconAlertTriangle />}
            title={t('stickerLink.form.unavailableTitle')}
            data-testid="sticker-link-unavailable"
          >
            {t('stickerLink.form.unavailable')}
          </Alert>
        )}
      </Container>
      <Group justify="center" gap="lg" py="md">
        <Anchor href="/privacy" target="_blank" size="sm" c="dimmed">
          {t('stickerLink.form.privacy')}
        </Anchor>
        <Anchor href="/imprint" target="_blank" size="sm" c="dimmed">
          {t('stickerLink.form.imprint')}
        </Anchor>
      </Group>
    </Box>
  );
}

function StickerForm({ token, link }: { token: string; link: StickerLink }) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<Step>('name');
  const [name, setName] = useState('');
  const [lastName, setLastName] = useState('');
  const [position, setPosition] = useState('');
  const [section, setSection] = useState<string>(UNKNOWN_SECTION);
  const [photo, setPhoto] = useState<ChosenPhoto>();
  const [photoProblem, setPhotoProblem] = useState<string>();
  const [measuring, setMeasuring] = useState(false);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [face, setFace] = useState<FaceCheck>();
  const [editing, setEditing] = useState<OwnUpload>();
  const choosing = useRef(0);
  const queryClient = useQueryClient();

  // SPEC §2: navigation is blocked during the upload and on the result screen (its restart button is the way
  // on); only the upload also warns before the tab closes, since only then would leaving lose the photo.
  const uploading = step === 'upload';
  useHoldNavigation(uploading || step === 'result');
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);
  useEffect(() => () => photo && URL.revokeObjectURL(photo.url), [photo]);

  const steps: Step[] = link.sections.length > 0 ? ['name', 'section', 'photo'] : ['name', 'photo'];
  const index = steps.indexOf(step);
  const nameOk = name.trim().length > 0 && (!link.require_position || position.trim().length > 0);
  // Replacing keeps the current photo unless another one is chosen.
  const canNext =
    step === 'name' ? nameOk : step === 'photo' ? (Boolean(photo) || Boolean(editing)) && !measuring : true;
  const sectionIds = new Set(link.sections.map((option) => option.id));

  async function choose(file: File | undefined) {
    const attempt = ++choosing.current;
    setPhoto(undefined);
    setPhotoProblem(undefined);
    setFace(undefined);
    if (!file) return;
    setMeasuring(true);
    try {
      const inspected = await inspectFile(file, 'sticker');
      if (inspected.problems.length > 0 || !inspected.size) {
        setPhotoProblem(
          problemsText(t, inspected.problems.length ? inspected.problems : ['UPLOAD_FAILED'], 'sticker'),
        );
        return;
      }
      setPhoto({ file, url: URL.createObjectURL(file), size: inspected.size });
    } finally {
      setMeasuring(false);
    }
    // SPEC §2: a hint when no face is found; the contributor may still send the photo.
    setFace('checking');
    const found = await checkFace(token, file);
    if (attempt !== choosing.current) return;
    setFace(found === undefined ? undefined : found ? 'found' : 'none');
  }

  async function send() {
    if (!photo && !editing) return;
    setStep('upload');
    setProgress(0);
    setFailure(undefined);
    const submission = {
      name: name.trim(),
      last_name: lastName.trim(),
      position: position.trim(),
      section_id: section === UNKNOWN_SECTION ? null : section,
    };
    try {
      if (editing) await replaceStickerUpload(token, editing.id, submission, photo, setProgress);
      else if (photo) await sendStickerPhoto(token, photo.file, photo.size, submission, setProgress);
    } catch (error) {
      setFailure(errorMessage(error, i18n, 'stickerLink'));
    }
    setStep('result');
    void queryClient.invalidateQueries({ queryKey: mineKey(token) });
  }

  function restart() {
    choosing.current++;
    setName('');
    setLastName('');
    setPosition('');
    setSection(UNKNOWN_SECTION);
    setPhoto(undefined);
    setPhotoProblem(undefined);
    setFace(undefined);
    setFailure(undefined);
    setEditing(undefined);
    setStep('name');
  }

  /** Opens one of the contributor's own uploads in the form, to change its fields or its photo. */
  function edit(upload: OwnUpload) {
    restart();
    setEditing(upload);
    setName(upload.name);
    setLastName(upload.last_name);
    setPosition(upload.position);
    setSection(upload.section_id && sectionIds.has(upload.section_id) ? upload.section_id : UNKNOWN_SECTION);
  }

  const next = () => (index === steps.length - 1 ? void send() : setStep(steps[index + 1]));
  const back = () => setStep(steps[index - 1]);

  return (
    <Stack gap="md">
      <div>
        {link.title && <Title order={2}>{link.title}</Title>}
        <Text c="dimmed" size="sm">
          {t('stickerLink.form.intro')}
        </Text>
      </div>
      {editing && step !== 'result' && (
        <Alert color="blue" title={t('stickerLink.form.replaceTitle')} data-testid="sticker-replacing">
          {editing.photo_url && (
            <Image src={editing.photo_url} w={64} h={80} fit="cover" radius="sm" alt="" />
          )}
        </Alert>
      )}
      {link.content && step === 'name' && !editing && (
        <Card withBorder radius="md" padding="sm">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{link.content}</Text>
        </Card>
      )}
      {index >= 0 && (
        <Text size="xs" c="dimmed">
          {t('stickerLink.form.stepOf', { step: index + 1, total: steps.length })}
        </Text>
      )}

      {step === 'name' && (
        <Stack gap="sm">
          <TextInput
            label={t('stickerLink.form.name')}
            required
            maxLength={NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            autoComplete="given-name"
            data-autofocus
          />
          <TextInput
            label={t('stickerLink.form.lastName')}
            maxLength={NAME_MAX}
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            autoComplete="family-name"
          />
          {link.require_position && (
            <TextInput
              label={t('stickerLink.form.position')}
              description={t('stickerLink.form.positionHint')}
              required
              maxLength={NAME_MAX}
              value={position}
              onChange={(event) => setPosition(event.currentTarget.value)}
            />
          )}
        </Stack>
      )}

      {step === 'section' && (
        <Radio.Group label={t('stickerLink.form.section')} value={section} onChange={setSection}>
          <Stack gap="xs" mt="xs">
            {link.sections.map((option) => (
              <Radio
                key={option.id}
                value={option.id}
                label={option.name || t('stickerLink.form.untitledSection')}
              />
            ))}
            <Radio value={UNKNOWN_SECTION} label={t('stickerLink.form.unknownSection')} />
          </Stack>
        </Radio.Group>
      )}

      {step === 'photo' && (
        <Stack gap="sm">
          <Text fw={500}>{t('stickerLink.form.photo')}</Text>
          <Text size="sm" c="dimmed">
            {t('stickerLink.form.photoHint')}
          </Text>
          <Button
            component="label"
            variant="light"
            leftSection={<IconCamera size={18} />}
            loading={measuring}
            data-testid="sticker-photo-button"
          >
            {photo ? t('stickerLink.form.changePhoto') : t('stickerLink.form.choosePhoto')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              capture="user"
              hidden
              data-testid="sticker-photo-input"
              onChange={(event) => void choose(event.currentTarget.files?.[0])}
            />
          </Button>
          {photoProblem && (
            <Alert color="red" icon={<IconAlertTriangle />}>
              {photoProblem}
            </Alert>
          )}
          {editing && !photo && (
            <Text size="sm" c="dimmed">
              {t('stickerLink.form.keepPhoto')}
            </Text>
          )}
          {photo && <Image src={photo.url} alt="" radius="md" mah={320} fit="contain" />}
          {photo && face === 'checking' && (
            <Group gap="xs" data-testid="sticker-photo-face" data-state="checking">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('stickerLink.form.faceChecking')}
              </Text>
            </Group>
          )}
          {photo && face === 'found' && (
            <Text size="sm" c="teal" data-testid="sticker-photo-face" data-state="found">
              {t('stickerLink.form.faceFound')}
            </Text>
          )}
          {photo && face === 'none' && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle />}
              data-testid="sticker-photo-face"
              data-state="none"
            >
              {t('stickerLink.form.noFace')}
            </Alert>
          )}
        </Stack>
      )}

      {step === 'upload' && (
        <Stack gap="xs" py="lg">
          <Text>{t('stickerLink.form.uploading')}</Text>
          <Progress value={progress * 100} animated size="lg" aria-label={t('stickerLink.form.uploading')} />
        </Stack>
      )}

      {step === 'result' && (
        <Result ok={!failure} onRestart={restart}>
          {failure
            ? `${t('stickerLink.form.failed')} ${failure}`
            : editing
              ? t('stickerLink.form.saved')
              : t('stickerLink.form.done')}
        </Result>
      )}

      {index >= 0 && (
        <Group justify="space-between">
          {editing && index === 0 ? (
            <Button variant="default" onClick={restart}>
              {t('stickerLink.form.cancel')}
            </Button>
          ) : (
            <Button variant="default" onClick={back} disabled={index === 0}>
              {t('stickerLink.form.back')}
            </Button>
          )}
          <Button onClick={next} disabled={!canNext} data-testid="sticker-next">
            {index < steps.length - 1
              ? t('stickerLink.form.next')
              : editing
                ? t('stickerLink.form.save')
                : t('stickerLink.form.send')}
          </Button>
        </Group>
      )}

      {((step === 'name' && !editing) || step === 'result') && <OwnUploads token={token} onEdit={edit} />}
    </Stack>
  );
}

/**
 * SPEC §2 "A session token is kept in local storage": what this browser sent to the link, each replaceable until
 * the owner has added it to the album.
 */
function OwnUploads({ token, onEdit }: { token: string; onEdit(upload: OwnUpload): void }) {
  const { t, i18n } = useTranslation();
  const hasSession = Boolean(linkSession(token));
  const mine = useQuery({
    queryKey: mineKey(token),
    queryFn: () => fetchOwnUploads(token),
    enabled: hasSession,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!hasSession) return null;
  if (mine.error) {
    const key = errorTextKey(errorCodeOf(mine.error), 'stickerLink', i18n);
    return (
      <Alert color="gray" icon={<IconAlertTriangle />} data-testid="sticker-own-error">
        {key ? t(key) : t('stickerLink.form.mineFailed')}
      </Alert>
    );
  }
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="sticker-own-uploads">
      <Stack gap="xs">
        <div>
          <Text fw={600}>{t('stickerLink.form.mineTitle')}</Text>
          <Text size="xs" c="dimmed">
            {t('stickerLink.form.mineHint')}
          </Text>
        </div>
        {mine.data.map((upload) => (
          <Group key={upload.id} gap="sm" wrap="nowrap" data-testid="sticker-own-upload">
            {upload.photo_url && (
              <Image src={upload.photo_url} w={48} h={60} fit="cover" radius="sm" alt="" />
            )}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {`${upload.name} ${upload.last_name}`.trim()}
              </Text>
              {upload.position && (
                <Text size="xs" c="dimmed" truncate>
                  {upload.position}
                </Text>
              )}
            </Stack>
            {upload.merged ? (
              <Badge color="teal" size="sm">
                {t('stickerLink.form.inAlbum')}
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                onClick={() => onEdit(upload)}
                data-testid="sticker-own-replace"
              >
                {t('stickerLink.form.replace')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function Result({ ok, children, onRestart }: { ok: boolean; children: ReactNode; onRestart(): void }) {
  const { t } = useTranslation();
  return (
    <Stack
      align="center"
      gap="md"
      py="lg"
      data-testid={ok ? 'sticker-upload-success' : 'sticker-upload-error'}
    >
      {ok ? (
        <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" />
      ) : (
        <IconAlertTriangle size={56} color="var(--mantine-color-red-6)" />
      )}
      <Text ta="center">{children}</Text>
      <Button variant="light" onClick={onRestart}>
        {ok ? t('stickerLink.form.another') : t('stickerLink.form.retry')}
      </Button>
    </Stack>
  );
}
