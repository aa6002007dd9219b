import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Image,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { track } from '../../analytics/index.ts';
import { IconCheck, IconCopy, IconLock, IconShare, IconTrash } from '@tabler/icons-react';
import { sectionsInOrder } from '@stickerbook/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginPathFor } from '../../api/client.ts';
import { useAlbum } from '../../api/queries.ts';
import { useViewer } from '../../auth/session.ts';
import { confirm } from '../../ui/confirm.tsx';
import { notify, notifyError } from '../../ui/notify.ts';
import type { TabPanelProps } from '../editor-tabs/types.ts';
import { errorCodeOf } from '../../api/errors.ts';
import { StickerLinkQr } from './StickerLinkQr.tsx';
import { StickerUploadCollectionModal } from './StickerUploadCollectionModal.tsx';
import {
  useDeleteStickerUpload,
  useMergeStickerUploads,
  useStickerUploads,
  useUpdateStickerLink,
  type StickerLinkSettings,
  type StickerUpload,
} from './queries.ts';
import { formatDateTime } from '../../ui/format.ts';

type Flag = Exclude<
  keyof StickerLinkSettings,
  'stickerUploadContent' | 'stickerUploadsPath' | 'stickerUploadCustomDomain'
>;
const FLAGS: Flag[] = [
  'stickerUploadEnabled',
  'stickerUploadRequirePosition',
  'stickerUploadAskForTitle',
  'stickerUploadWhiteLabel',
  'stickerUploadSurpriseMode',
  'stickerUploadAnonymousUrl',
];

/**
 * The address contributors open: on the album's custom domain when it has one (the domain points at this server,
 * which serves /s/ on any host), else on this app's origin.
 */
function stickerLinkUrl(path: string, customDomain: string | null | undefined): string {
  return customDomain
    ? `${window.location.protocol}//${customDomain}${path}`
    : `${window.location.origin}${path}`;
}

/** Whether the image job found the face of an upload yet (SPEC §2: the list shows the photo with its face). */
function FaceState({ face }: { face: StickerUpload['details']['face'] }) {
  const { t } = useTranslation();
  if (face === undefined)
    return (
      <Text size="xs" c="dimmed" data-testid="sticker-upload-face" data-state="waiting">
        {t('stickerLink.tab.faceWaiting')}
      </Text>
    );
  return face ? (
    <Text size="xs" c="teal" data-testid="sticker-upload-face" data-state="found">
      {t('stickerLink.tab.faceFound')}
    </Text>
  ) : (
    <Text size="xs" c="orange" data-testid="sticker-upload-face" data-state="none">
      {t('stickerLink.tab.noFace')}
    </Text>
  );
}

/** SPEC §2 editor tab `stickerlink` (issue 8): the link's settings, the link itself and the collected uploads. */
export function StickerLinkPanel({ album: shellAlbum }: TabPanelProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const fresh = useAlbum(shellAlbum.id).data;
  const album = fresh ?? shellAlbum;
  const isUser = viewer.kind === 'user';
  const update = useUpdateStickerLink(album.id);
  const uploads = useStickerUploads(album.id, isUser);
  const merge = useMergeStickerUploads(album.id);
  const remove = useDeleteStickerUpload(album.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [domain, setDomain] = useState<string | null>(null);
  const [domainError, setDomainError] = useState<string>();
  const [reviewing, setReviewing] = useState(false);

  const sectionNames = useMemo(() => {
    const names = new Map<string, string>();
    if (album.workspace)
      for (const section of sectionsInOrder(album.workspace))
        names.set(section.id, String((section.props as { name?: string }).name ?? ''));
    return names;
  }, [album.workspace]);

  const url = album.stickerUploadsPath
    ? stickerLinkUrl(album.stickerUploadsPath, album.stickerUploadCustomDomain)
    : null;
  const open = (uploads.data ?? []).filter((upload) => !upload.merged_at);

  const save = (body: Parameters<typeof update.mutate>[0]) => update.mutate(body, { onError: notifyError });

  function saveDomain() {
    if (domain === null) return;
    const host = domain
      .trim()
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/[/?#].*$/, '');
    if (host === (album.stickerUploadCustomDomain ?? '')) return;
    setDomainError(undefined);
    update.mutate(
      { stickerUploadCustomDomain: host || null },
      {
        onSuccess: () => setDomain(null),
        onError: (error) =>
          errorCodeOf(error) === 'INVALID_CUSTOM_DOMAIN' || errorCodeOf(error) === 'VALIDATION_FAILED'
            ? setDomainError(t('errors.codes.INVALID_CUSTOM_DOMAIN'))
            : notifyError(error),
      },
    );
  }

  async function mergeIds(ids: string[]) {
    if (ids.length === 0) return;
    try {
      await merge.mutateAsync(ids);
      track('Sticker Created', { source: 'sticker_link', count: ids.length });
      notify.success(t('stickerLink.tab.merged', { count: ids.length }));
      setSelected(new Set());
    } catch (error) {
      notifyError(error);
    }
  }

  async function deleteUpload(upload: StickerUpload) {
    const ok = await confirm({
      title: t('stickerLink.tab.deleteTitle'),
      message: t('stickerLink.tab.deleteMessage', { name: `${upload.name} ${upload.last_name}`.trim() }),
      confirmLabel: t('stickerLink.tab.delete'),
      danger: true,
    });
    if (ok) remove.mutate(upload.id, { onError: notifyError });
  }

  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap="md" p="md" data-testid="sticker-link-panel">
        <Title order={4}>{t('stickerLink.tab.title')}</Title>
        {!isUser && (
          <Alert color="yellow" icon={<IconLock size={18} />} data-testid="sticker-link-login">
            <Text size="sm">{t('stickerLink.tab.loginPrompt')}</Text>
            <Anchor component={Link} to={loginPathFor(`/album/${album.id}/migrate`)} size="sm">
              {t('stickerLink.tab.login')}
            </Anchor>
          </Alert>
        )}
        <Stack gap="xs">
          {FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={t(`stickerLink.tab.${flag}`)}
              checked={album[flag] ?? false}
              disabled={!isUser || update.isPending}
              onChange={(event) => save({ [flag]: event.currentTarget.checked })}
              data-testid={`sticker-link-${flag}`}
            />
          ))}
          <Textarea
            label={t('stickerLink.tab.content')}
            autosize
            minRows={2}
            maxLength={2000}
            disabled={!isUser}
            value={message ?? album.stickerUploadContent ?? ''}
            onChange={(event) => setMessage(event.currentTarget.value)}
            onBlur={() => {
              if (message !== null && message !== (album.stickerUploadContent ?? ''))
                save({ stickerUploadContent: message || null });
            }}
          />
          <TextInput
            label={t('stickerLink.tab.customDomain')}
            description={t('stickerLink.tab.customDomainHint')}
            placeholder="stickers.example.org"
            disabled={!isUser}
            value={domain ?? album.stickerUploadCustomDomain ?? ''}
            error={domainError}
            onChange={(event) => {
              setDomain(event.currentTarget.value);
              setDomainError(undefined);
            }}
            onBlur={saveDomain}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveDomain();
            }}
            data-testid="sticker-link-custom-domain"
          />
        </Stack>

        {url && album.stickerUploadEnabled && (
          <Stack gap={4}>
            <TextInput
              label={t('stickerLink.tab.link')}
              value={url}
              readOnly
              data-testid="sticker-link-url"
            />
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    {copied ? t('stickerLink.tab.copied') : t('stickerLink.tab.copy')}
                  </Button>
                )}
              </CopyButton>
              {typeof navigator.share === 'function' && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconShare size={14} />}
                  onClick={() => void navigator.share({ url, title: album.title }).catch(() => undefined)}
                >
                  {t('stickerLink.tab.share')}
                </Button>
              )}
            </Group>
            <StickerLinkQr url={url} />
          </Stack>
        )}

        <Group justify="space-between" align="center">
          <Title order={5}>{t('stickerLink.tab.collected', { count: open.length })}</Title>
          {open.length > 0 && (
            <Button size="xs" variant="subtle" onClick={() => setReviewing(true)} disabled={!isUser}>
              {t('stickerLink.tab.review')}
            </Button>
          )}
        </Group>
        {isUser && uploads.data && uploads.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('stickerLink.tab.empty')}
          </Text>
        )}
        <Stack gap="xs" data-testid="sticker-upload-list">
          {(uploads.data ?? []).map((upload) => (
            <Group key={upload.id} gap="sm" wrap="nowrap" align="center" data-testid="sticker-upload-item">
              <Checkbox
                aria-label={t('stickerLink.tab.select')}
                disabled={!isUser || Boolean(upload.merged_at)}
                checked={selected.has(upload.id)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.currentTarget.checked) next.add(upload.id);
                  else next.delete(upload.id);
                  setSelected(next);
                }}
              />
              {upload.image && (
                <Image src={upload.image.blob.small} w={48} h={60} radius="sm" fit="cover" alt="" />
              )}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {`${upload.name} ${upload.last_name}`.trim()}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[
                    upload.position,
                    upload.section_id
                      ? sectionNames.get(upload.section_id) || t('stickerLink.form.untitledSection')
                      : t('stickerLink.form.unknownSection'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(upload.created_at)}
                </Text>
                <FaceState face={upload.details.face} />
              </Stack>
              {upload.merged_at ? (
                <Badge size="xs" color="teal">
                  {t('stickerLink.tab.isMerged')}
                </Badge>
              ) : (
                <Tooltip label={t('stickerLink.tab.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={!isUser}
                    aria-label={t('stickerLink.tab.delete')}
                    onClick={() => void deleteUpload(upload)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
        </Stack>
        {open.length > 0 && (
          <Button
            disabled={!isUser || selected.size === 0}
            loading={merge.isPending}
            onClick={() => void mergeIds([...selected])}
            data-testid="sticker-upload-merge"
          >
            {t('stickerLink.tab.mergeSelected', { count: selected.size })}
          </Button>
        )}
      </Stack>
      <StickerUploadCollectionModal
        opened={reviewing}
        uploads={open}
        sectionNames={sectionNames}
        onClose={() => setReviewing(false)}
        onMerge={(upload) => mergeIds([upload.id])}
        onDelete={deleteUpload}
      />
    </ScrollArea>
  );
}
