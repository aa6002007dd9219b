import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { ROUTES } from './routeTable.ts';

/** A screen component that can be loaded ahead of its first render (`preloadScreen`). */
type Screen = ComponentType & { preload: () => Promise<unknown> };

/**
 * Every screen is its own lazy chunk, so the start page does not download the editor, the wizard or the
 * admin screens. Names match `screen` in routeTable.ts. A screen loaded before it first renders (the page's
 * own screen, `preloadScreen`) renders at once instead of suspending: a Suspense fallback shown at start-up
 * makes React hold the real page back for up to 300 ms.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const View = () => createElement(loaded ?? Lazy);
  return Object.assign(View, { preload });
}

/** Starts loading the screen of a path (the page being opened), resolving when it can render. */
export function preloadScreen(pathname: string): Promise<unknown> {
  const matches = matchRoutes(
    ROUTES.map((entry) => ({ path: entry.path, id: entry.screen })),
    pathname,
  );
  const name = matches?.at(-1)?.route.id;
  return (name && SCREENS[name]?.preload().catch(() => undefined)) || Promise.resolve();
}

export const SCREENS: Record<string, Screen> = {
  render: screen(() => import('../features/print-render/RenderPage.tsx'), 'RenderPage'),
  stickerUpload: screen(
    () => import('../features/sticker-upload/StickerUploadPage.tsx'),
    'StickerUploadPage',
  ),
  albumPreview: screen(() => import('../features/album-preview/AlbumPreviewPage.tsx'), 'AlbumPreviewPage'),
  // The template preview is drawn by the shared renderer (web/src/render/), which owns this screen.
  blueprintPreview: screen(() => import('../render/BlueprintPreviewPage.tsx'), 'default'),
  affiliate: screen(() => import('../features/affiliate/AffiliatePage.tsx'), 'AffiliatePage'),
  invitationAccept: screen(
    () => import('../features/invitations/InvitationAcceptPage.tsx'),
    'InvitationAcceptPage',
  ),
  invitationConfirm: screen(
    () => import('../features/invitations/InvitationConfirmPage.tsx'),
    'InvitationConfirmPage',
  ),
  login: screen(() => import('../features/auth/LoginPage.tsx'), 'LoginPage'),
  signup: screen(() => import('../features/auth/SignupPage.tsx'), 'SignupPage'),
  oidcCallback: screen(() => import('../features/auth/OidcCallbackPage.tsx'), 'OidcCallbackPage'),
  legal: screen(() => import('../features/legal/LegalPage.tsx'), 'LegalPage'),
  wizardConfirm: screen(() => import('../features/wizard/WizardConfirmPage.tsx'), 'WizardConfirmPage'),
  wizard: screen(() => import('../features/wizard/WizardPage.tsx'), 'WizardPage'),
  migrate: screen(() => import('../features/auth/MigratePage.tsx'), 'MigratePage'),
  checkout: screen(() => import('../features/checkout/CheckoutPage.tsx'), 'CheckoutPage'),
  editor: screen(() => import('../features/editor-shell/EditorRoute.tsx'), 'EditorRoute'),
  start: screen(() => import('../features/start/StartPage.tsx'), 'StartPage'),
  profile: screen(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage'),
  activate: screen(() => import('../features/profile/ActivatePage.tsx'), 'ActivatePage'),
  orders: screen(() => import('../features/orders/OrdersPage.tsx'), 'OrdersPage'),
  order: screen(() => import('../features/orders/OrderPage.tsx'), 'OrderPage'),
  dashboard: screen(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
  outbox: screen(() => import('../features/outbox/OutboxPage.tsx'), 'OutboxPage'),
  adminUsers: screen(() => import('../features/account-data/AdminUserPage.tsx'), 'AdminUserPage'),
  priceAdmin: screen(() => import('../features/price-admin/PriceAdminPage.tsx'), 'PriceAdminPage'),
};
