import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Every screen is its own lazy chunk, so the start page does not download the editor, the wizard or the
 * admin screens. Names match `screen` in routeTable.ts.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  render: screen(() => import('../features/print-render/RenderPage.tsx'), 'RenderPage'),
  stickerUpload: screen(
    () => import('../features/sticker-upload/StickerUploadPage.tsx'),
    'StickerUploadPage',
  ),
  albumPreview: screen(() => import('../features/album-preview/AlbumPreviewPage.tsx'), 'AlbumPreviewPage'),
  // The template preview is drawn by the shared renderer (web/src/render/), which owns this screen.
  blueprintPreview: lazy(() => import('../render/BlueprintPreviewPage.tsx')),
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
};
