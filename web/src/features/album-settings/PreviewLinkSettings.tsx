import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginPathFor } from '../../api/client.ts';
import type { Album } from '../../api/types.ts';
import { useViewer } from '../../auth/session.ts';
import { confirm } from '../../ui/confirm.tsx';
import { notify } from '../../ui/notify.ts';
import { useRotatePreviewLink } from '../album-preview/api.ts';

/**
 * "Share preview" in the general settings (SPEC §3 albumPreviewPath, §7 rotate_album_preview_url_token): the public
 * read-only link to the album, to copy or open, and a new link that retires the old one after a confirmation.
 * Guests share no links (SPEC §6); they are asked to log in.
 */
export function PreviewLinkSettings({ album }: { album: Album }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rotate = useRotatePreviewLink(album.id);
  const path = album.albumPreviewPath;
  const url = path ? new URL(path, window.location.origin).toString() : undefined;

  async function newLink() {
    const ok = await confirm({
      title: t('albumPreview.share.rotateTitle'),
      message: t('albumPreview.share.rotateMessage'),
      confirmLabel: t('albumPreview.share.rotateConfirm'),
      danger: true,
    });
    if (!ok) return;
    rotate.mutate(undefined, {
      onSuccess: () => notify.success(t('albumPreview.share.rotated')),
      onError: () => notify.error(t('albumPreview.share.rotateError')),
    });
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="settings-preview-link">
      <Stack gap="xs">
        <Title order={5}>{t('albumPreview.share.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('albumPreview.share.body')}
        </Text>
        {viewer.kind !== 'user' || !url ? (
          <Alert color="yellow" icon={<IconLock size={18} />} data-testid="settings-preview-link-login">
            <Text size="sm">{t('albumPreview.share.loginPrompt')}</Text>
            <Anchor component={Link} to={loginPathFor(`/album/${album.id}/migrate`)} size="sm">
              {t('albumPreview.share.login')}
            </Anchor>
          </Alert>
        ) : (
          <>
            <TextInput
              label={t('albumPreview.share.link')}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="settings-preview-link-url"
            />
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    data-testid="settings-preview-link-copy"
                  >
                    {copied ? t('albumPreview.share.copied') : t('albumPreview.share.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="xs"
                variant="light"
                component="a"
                href={url}
                target="_blank"
                rel="noopener"
                leftSection={<IconExternalLink size={14} />}
                data-testid="settings-preview-link-open"
              >
                {t('albumPreview.share.open')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={newLink}
                loading={rotate.isPending}
                leftSection={<IconRefresh size={14} />}
                data-testid="settings-preview-link-rotate"
              >
                {t('albumPreview.share.rotate')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
