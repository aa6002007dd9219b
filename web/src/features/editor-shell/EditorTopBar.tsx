import { Anchor, Box, Button, Group, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Album } from '../../api/types.ts';
import { loginPathFor } from '../../api/client.ts';
import { useViewer } from '../../auth/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { HelpMenu } from '../../ui/layout/HelpMenu.tsx';
import { openSupport } from '../support/supportStore.ts';
import { LanguageSwitch } from '../../ui/layout/LanguageSwitch.tsx';
import { UserMenu } from '../../ui/layout/UserMenu.tsx';
import { AlbumTitleInput } from './AlbumTitleInput.tsx';
import { editorPath } from './editorKeys.ts';
import { ReleaseDateInput } from './ReleaseDateInput.tsx';
import type { ReadonlyAtom } from '../../editor/state/atom.ts';
import type { SyncStatus } from '../../editor/ui/useAlbumSync.ts';
import { AlbumPreflightIcon } from './PreflightIcon.tsx';
import { useSpreadFromUrl } from './albumPreflight.ts';
import { useStartingQuote } from '../checkout/api.ts';
import { SyncStatusBadge } from './SyncStatusBadge.tsx';
import { useAtomValue } from '../../editor/react.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';

interface Props {
  album: Album;
  settingsPath: string;
  syncStatus: ReadonlyAtom<SyncStatus>;
  /** Avatars of the other people editing the album now. */
  presence?: ReactNode;
}

export function EditorTopBar({ album, settingsPath, syncStatus, presence }: Props) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  useSpreadFromUrl();
  // SPEC §2/§7: the label is the server's quote for 50 albums to Germany; the spec's figure until it answers.
  const startingQuote = useStartingQuote(album.id, i18n.language, album.language ?? 'de');
  const price = startingQuote.data
    ? t('checkout.priceFrom', {
        price: formatMoney(startingQuote.data.amount_gross, startingQuote.data.currency, i18n.language, {
          whole: true,
        }),
      })
    : t('editor.startingPrice');
  // After print approval the album is in preview mode for everyone but admins (live, as the lock arrives): its
  // title and date cannot be changed either, where typing used to end in the server's 409 and a toast.
  const access = useAtomValue(useEditor().access);
  const readOnly = access.locked && !access.isAdmin;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Link to="/start" aria-label={t('editor.backToStart')}>
          <img src="/favicon.svg" alt="" width={32} height={32} style={{ display: 'block' }} />
        </Link>
        {/* The title gives way first (it truncates), so avatars never slide under the language button. */}
        <div style={{ minWidth: 64, maxWidth: 360, flex: 1 }}>
          <AlbumTitleInput album={album} readOnly={readOnly} />
        </div>
        {/* Phones keep the bar for the title: the release date is set in the album settings there. */}
        <Box visibleFrom="sm">
          <ReleaseDateInput album={album} readOnly={readOnly} />
        </Box>
        {presence}
        <SyncStatusBadge status={syncStatus} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {viewer.kind !== 'user' && (
          <Tooltip label={t('editor.loginToSaveHint')}>
            <Button
              variant="default"
              leftSection={<IconCloudUpload size={18} />}
              component={Link}
              to={loginPathFor(`/album/${album.id}/migrate`)}
              visibleFrom="sm"
              data-testid="login-to-save"
            >
              {t('editor.loginToSave')}
            </Button>
          </Tooltip>
        )}
        <Button
          leftSection={<IconShoppingCart size={18} />}
          component={Link}
          to={editorPath(album.id, 'checkout')}
          visibleFrom="md"
          data-testid="order-button"
        >
          {t('editor.order', { price })}
        </Button>
        <Group visibleFrom="md" gap={0}>
          <AlbumPreflightIcon albumId={album.id} />
        </Group>
        <LanguageSwitch compact />
        <HelpMenu />
        {viewer.kind === 'user' && <UserMenu onSettings={() => navigate(settingsPath)} />}
        {/* SPEC §2: privacy and contact close the top bar; on narrower screens (phones) contact stays in the
            help menu and privacy is left out, so the bar keeps room for the title. Privacy opens in a new tab so
            the editor stays open. */}
        <Group gap="sm" wrap="nowrap" visibleFrom="lg">
          <Anchor
            component={Link}
            to="/privacy"
            target="_blank"
            size="sm"
            c="dimmed"
            data-testid="top-bar-privacy"
          >
            {t('footer.privacy')}
          </Anchor>
          <Anchor component="button" onClick={openSupport} size="sm" c="dimmed" data-testid="top-bar-contact">
            {t('help.contact')}
          </Anchor>
        </Group>
      </Group>
    </Group>
  );
}
