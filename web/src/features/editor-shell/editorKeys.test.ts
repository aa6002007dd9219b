import { describe, expect, it } from 'vitest';
import { EDITOR_TABS, resolveEditorPath, TAB_DEVICE, tabBarTarget, visibleTabs } from './editorKeys.ts';

const user = { isAdmin: false, hasOrder: false };
const admin = { isAdmin: true, hasOrder: false };

describe('editor key rules', () => {
  it('sends a missing key to the onboarding tab', () => {
    expect(resolveEditorPath('a1', {}, user)).toEqual({ kind: 'redirect', to: '/album/a1/onboarding' });
  });

  it('sends an unknown key to the album root', () => {
    expect(resolveEditorPath('a1', { key: 'nonsense' }, user)).toEqual({ kind: 'redirect', to: '/album/a1' });
  });

  it('opens each ordinary tab', () => {
    for (const tab of ['onboarding', 'stickers', 'stickerlink', 'layouts', 'styles', 'checkout']) {
      expect(resolveEditorPath('a1', { key: tab }, user)).toEqual({ kind: 'view', view: { tab } });
    }
  });

  it('treats jobs as unknown for non-admins and opens it for admins', () => {
    expect(resolveEditorPath('a1', { key: 'jobs' }, user)).toEqual({ kind: 'redirect', to: '/album/a1' });
    expect(resolveEditorPath('a1', { key: 'jobs' }, admin)).toEqual({ kind: 'view', view: { tab: 'jobs' } });
  });

  it('opens review only when the album has an order', () => {
    expect(resolveEditorPath('a1', { key: 'review' }, user)).toEqual({ kind: 'redirect', to: '/album/a1' });
    expect(resolveEditorPath('a1', { key: 'review' }, { ...user, hasOrder: true })).toEqual({
      kind: 'view',
      view: { tab: 'review' },
    });
  });

  it('opens the settings modal on its general tab by default', () => {
    expect(resolveEditorPath('a1', { key: 'stickers', childKey: 'settings' }, user)).toEqual({
      kind: 'view',
      view: { tab: 'stickers', settingsTab: 'general' },
    });
    expect(
      resolveEditorPath('a1', { key: 'styles', childKey: 'settings', childChildKey: 'users' }, user),
    ).toEqual({
      kind: 'view',
      view: { tab: 'styles', settingsTab: 'users' },
    });
  });

  it('redirects an unknown settings tab to general', () => {
    expect(
      resolveEditorPath('a1', { key: 'stickers', childKey: 'settings', childChildKey: 'x' }, user),
    ).toEqual({
      kind: 'redirect',
      to: '/album/a1/stickers/settings/general',
    });
  });

  it('knows the background sub-tabs images and stock', () => {
    expect(resolveEditorPath('a1', { key: 'background' }, user)).toEqual({
      kind: 'view',
      view: { tab: 'background', backgroundSource: 'images' },
    });
    expect(resolveEditorPath('a1', { key: 'background', childKey: 'stock' }, user)).toEqual({
      kind: 'view',
      view: { tab: 'background', backgroundSource: 'stock' },
    });
    expect(resolveEditorPath('a1', { key: 'background', childKey: 'x' }, user)).toEqual({
      kind: 'redirect',
      to: '/album/a1/background',
    });
  });

  it('lists jobs only for admins and review only with an order', () => {
    expect(visibleTabs(user)).not.toContain('jobs');
    expect(visibleTabs(user)).not.toContain('review');
    expect(visibleTabs({ isAdmin: true, hasOrder: true })).toContain('jobs');
    expect(visibleTabs({ isAdmin: true, hasOrder: true })).toContain('review');
  });

  it('keeps every tab on desktop and hides the desktop-only jobs tab on phones, even for admins', () => {
    const everything = { isAdmin: true, hasOrder: true };
    expect(visibleTabs(everything)).toEqual([...EDITOR_TABS]);
    expect(visibleTabs({ ...everything, mobile: false })).toEqual([...EDITOR_TABS]);
    expect(visibleTabs({ ...everything, mobile: true })).toEqual([
      'onboarding',
      'stickers',
      'stickerlink',
      'background',
      'layouts',
      'styles',
      'review',
      'checkout',
    ]);
  });

  it('hides each tab made for one device on the other and shows it on its own', () => {
    const everything = { isAdmin: true, hasOrder: true };
    for (const [tab, device] of Object.entries(TAB_DEVICE)) {
      expect(visibleTabs({ ...everything, mobile: device === 'mobile' })).toContain(tab);
      expect(visibleTabs({ ...everything, mobile: device !== 'mobile' })).not.toContain(tab);
    }
  });

  it('shows the canvas alone at the album root on phones; desktop still opens onboarding', () => {
    expect(resolveEditorPath('a1', {}, { ...user, mobile: true })).toEqual({ kind: 'canvas' });
    expect(resolveEditorPath('a1', {}, { ...user, mobile: false })).toEqual({
      kind: 'redirect',
      to: '/album/a1/onboarding',
    });
  });

  it('sends a phone to the canvas for a desktop-only tab, and opens it on desktop', () => {
    expect(resolveEditorPath('a1', { key: 'jobs' }, { ...admin, mobile: true })).toEqual({
      kind: 'redirect',
      to: '/album/a1',
    });
    expect(resolveEditorPath('a1', { key: 'jobs' }, { ...admin, mobile: false })).toEqual({
      kind: 'view',
      view: { tab: 'jobs' },
    });
  });

  it('makes the active tab of the tab bar lead back to the album root and any other open its panel', () => {
    expect(tabBarTarget('a1', 'stickers', 'stickers')).toBe('/album/a1');
    expect(tabBarTarget('a1', 'layouts', 'stickers')).toBe('/album/a1/layouts');
    expect(tabBarTarget('a1', 'stickers', null)).toBe('/album/a1/stickers');
    expect(tabBarTarget('a 1', 'background', 'background')).toBe('/album/a%201');
  });
});
