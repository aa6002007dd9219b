import { describe, expect, it } from 'vitest';
import { resolveEditorPath, visibleTabs } from './editorKeys.ts';

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
});
