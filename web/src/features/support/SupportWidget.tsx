import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../auth/session.ts';
import { useHelpWidgetFeatures } from './api.ts';
import { openChatwoot, startChatwoot } from './chatwoot.ts';
import { supportPlaceOf } from './supportContext.ts';
import { openSupport, useSupportRequests } from './supportStore.ts';

// The form loads when first opened, not with every page.
const ContactModal = lazy(() =>
  import('./ContactModal.tsx').then((module) => ({ default: module.ContactModal })),
);

/** Requests answered so far; a request made before this code loaded (a click in the help menu) is answered too. */
let handledRequests = 0;

/**
 * SPEC §7 help widget, mounted once in the root layout: Chatwoot's chat when the server has it configured, else
 * the built-in "Contact us" form. Either opens from the corner button (pages with the app header) or from the
 * help menu (everywhere, the editor included), and knows the user's e-mail and the album id of the page.
 */
export function SupportWidget() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const place = useMemo(() => supportPlaceOf(pathname), [pathname]);
  const session = useSession();
  // Pages that never show the chat (the print renderer, previews) do not ask.
  const features = useHelpWidgetFeatures(place.allowChat);
  const requests = useSupportRequests();
  const [formOpen, setFormOpen] = useState(false);
  const [formUsed, setFormUsed] = useState(false);

  const chatwoot = features.data?.chatwoot ?? null;
  const user = session.kind === 'user' ? session.user : null;
  const chatAllowed = chatwoot !== null && place.allowChat;

  useEffect(() => {
    if (!chatAllowed || !chatwoot) return;
    startChatwoot(
      { url: chatwoot.url, websiteToken: chatwoot.website_token },
      {
        user: user ? { id: user.sub, email: user.email, name: user.nickname ?? undefined } : null,
        albumId: place.albumId,
        locale: i18n.language,
      },
    ).catch(() => {
      // Unreachable chat server: the help button falls back to the contact form (openChatwoot answers false).
    });
  }, [chatAllowed, chatwoot, user, place.albumId, i18n.language]);

  useEffect(() => {
    if (requests === handledRequests) return;
    handledRequests = requests;
    if (chatAllowed && openChatwoot()) return;
    setFormUsed(true);
    setFormOpen(true);
  }, [requests, chatAllowed]);

  return (
    <>
      {/* The room under the page for this button is the root layout's (LauncherRoom.tsx). */}
      {place.showLauncher && (
        <Tooltip label={t('support.open')} position="left">
          <ActionIcon
            onClick={openSupport}
            size={48}
            radius="xl"
            variant="filled"
            aria-label={t('support.open')}
            data-testid="support-launcher"
            style={{
              position: 'fixed',
              right: 16,
              bottom: 16,
              zIndex: 150,
              boxShadow: 'var(--mantine-shadow-md)',
            }}
          >
            <IconMessageCircleQuestion size={26} />
          </ActionIcon>
        </Tooltip>
      )}
      {formUsed && (
        <Suspense fallback={null}>
          <ContactModal
            opened={formOpen}
            onClose={() => setFormOpen(false)}
            accountEmail={user?.email ?? null}
            albumId={place.albumId}
            pagePath={pathname + search}
          />
        </Suspense>
      )}
    </>
  );
}
