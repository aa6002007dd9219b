import { describe, expect, it } from 'vitest';
import { decideForPath, safeReturnTo } from './guards.ts';
import type { Viewer } from '../auth/session.ts';

const anonymous: Viewer = { kind: 'none', isAdmin: false };
const guest: Viewer = { kind: 'guest', isAdmin: false };
const user: Viewer = { kind: 'user', isAdmin: false };
const admin: Viewer = { kind: 'user', isAdmin: true };
const at = (url: string) => {
  const [pathname, search = ''] = url.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};

describe('route guards', () => {
  it('lets anyone open public routes', () => {
    for (const path of [
      '/render',
      '/render/a1',
      '/s/tok',
      '/album/a1/preview/tok',
      '/blueprint_preview',
      '/affiliate',
      '/invitations/t/accept',
    ]) {
      expect(decideForPath(at(path), anonymous)).toEqual({ kind: 'allow' });
    }
  });

  it('lets guests and anonymous visitors open guest-allowed routes', () => {
    for (const path of [
      '/album/new',
      '/album/new/data',
      '/album/new/confirm',
      '/album/a1/migrate',
      '/album/a1/checkout',
      '/album/a1/stickers',
    ]) {
      expect(decideForPath(at(path), anonymous)).toEqual({ kind: 'allow' });
      expect(decideForPath(at(path), guest)).toEqual({ kind: 'allow' });
    }
  });

  it('sends visitors of login-required routes to login with the full return path', () => {
    expect(decideForPath(at('/orders/7?tab=x'), guest)).toEqual({
      kind: 'redirect',
      to: '/login?return_to=%2Forders%2F7%3Ftab%3Dx',
    });
    for (const path of [
      '/',
      '/start',
      '/profile',
      '/profile/activate',
      '/orders',
      '/invitations/t/confirm',
    ]) {
      expect(decideForPath(at(path), anonymous).kind).toBe('redirect');
      expect(decideForPath(at(path), user)).toEqual({ kind: 'allow' });
    }
  });

  it('shows the 404 page to signed-in non-admins at /dashboard and lets admins in', () => {
    expect(decideForPath(at('/dashboard'), user)).toEqual({ kind: 'not-found' });
    expect(decideForPath(at('/dashboard'), admin)).toEqual({ kind: 'allow' });
    expect(decideForPath(at('/dashboard'), anonymous)).toEqual({
      kind: 'redirect',
      to: '/login?return_to=%2Fdashboard',
    });
  });

  it('redirects unknown paths to /start', () => {
    expect(decideForPath(at('/no/such/page'), user)).toEqual({ kind: 'redirect', to: '/start' });
    expect(decideForPath(at('/album'), anonymous)).toEqual({ kind: 'redirect', to: '/start' });
  });

  it('sends signed-in users away from login to their return path', () => {
    expect(decideForPath(at('/login?return_to=%2Fprofile'), user)).toEqual({
      kind: 'redirect',
      to: '/profile',
    });
    expect(decideForPath(at('/login'), user)).toEqual({ kind: 'redirect', to: '/start' });
  });

  it('follows only same-site return paths', () => {
    expect(safeReturnTo('https://evil.example')).toBe('/start');
    expect(safeReturnTo('//evil.example')).toBe('/start');
    expect(safeReturnTo('/album/a1')).toBe('/album/a1');
  });
});
