/**
 * SPEC §2 route table as data: the router renders it and the guard tests read it, so both agree.
 * `screen` names a lazily loaded component (see screens.tsx).
 */
export type Access = 'public' | 'guest' | 'login' | 'admin' | 'anonymous-only';

export interface RouteEntry {
  path: string;
  access: Access;
  screen: string;
  /** Screens without the app header/footer (print renderer, template preview, editor). */
  bare?: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  // Public
  { path: '/render/:albumId?', access: 'public', screen: 'render', bare: true },
  { path: '/s/:token', access: 'public', screen: 'stickerUpload', bare: true },
  { path: '/album/:albumId/preview/:token', access: 'public', screen: 'albumPreview' },
  { path: '/blueprint_preview', access: 'public', screen: 'blueprintPreview', bare: true },
  { path: '/affiliate', access: 'public', screen: 'affiliate' },
  { path: '/invitations/:token/accept', access: 'public', screen: 'invitationAccept' },
  { path: '/login', access: 'anonymous-only', screen: 'login' },
  { path: '/signup', access: 'anonymous-only', screen: 'signup' },
  { path: '/login/callback', access: 'public', screen: 'oidcCallback' },
  { path: '/imprint', access: 'public', screen: 'legal' },
  { path: '/privacy', access: 'public', screen: 'legal' },
  { path: '/terms', access: 'public', screen: 'legal' },
  { path: '/customer-information', access: 'public', screen: 'legal' },
  // Guest-allowed
  { path: '/album/new/confirm', access: 'guest', screen: 'wizardConfirm' },
  { path: '/album/new/:key?', access: 'guest', screen: 'wizard' },
  { path: '/album/:albumId/migrate', access: 'guest', screen: 'migrate' },
  { path: '/album/:albumId/checkout', access: 'guest', screen: 'checkout' },
  { path: '/album/:albumId/:key?/:childKey?/:childChildKey?', access: 'guest', screen: 'editor', bare: true },
  // Login required
  { path: '/', access: 'login', screen: 'start' },
  { path: '/start', access: 'login', screen: 'start' },
  { path: '/profile', access: 'login', screen: 'profile' },
  { path: '/profile/activate', access: 'login', screen: 'activate' },
  { path: '/orders', access: 'login', screen: 'orders' },
  { path: '/orders/:id', access: 'login', screen: 'order' },
  { path: '/invitations/:token/confirm', access: 'login', screen: 'invitationConfirm' },
  // Admin only
  { path: '/dashboard', access: 'admin', screen: 'dashboard' },
  { path: '/admin/outbox', access: 'admin', screen: 'outbox' },
  { path: '/admin/prices', access: 'admin', screen: 'priceAdmin' },
  { path: '/admin/users', access: 'admin', screen: 'adminUsers' },
];
