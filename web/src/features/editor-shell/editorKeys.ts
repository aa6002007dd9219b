/** SPEC §2 editor URL rules: /album/{albumId}/{key}/{childKey?}/{childChildKey?}. */
export const EDITOR_TABS = [
  'onboarding',
  'stickers',
  'stickerlink',
  'background',
  'layouts',
  'styles',
  'jobs',
  'review',
  'checkout',
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export const BACKGROUND_SOURCES = ['images', 'stock'] as const;
export type BackgroundSource = (typeof BACKGROUND_SOURCES)[number];

export const SETTINGS_TABS = ['general', 'users'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export interface EditorParams {
  key?: string;
  childKey?: string;
  childChildKey?: string;
}

export interface EditorContext {
  isAdmin: boolean;
  hasOrder: boolean;
}

export interface EditorView {
  tab: EditorTab;
  backgroundSource?: BackgroundSource;
  settingsTab?: SettingsTab;
}

export type EditorResolution = { kind: 'view'; view: EditorView } | { kind: 'redirect'; to: string };

const includes = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/** Which tabs this viewer may open: jobs is admin-only, review exists once an order does. */
export function visibleTabs(context: EditorContext): EditorTab[] {
  return EDITOR_TABS.filter(
    (tab) => (tab !== 'jobs' || context.isAdmin) && (tab !== 'review' || context.hasOrder),
  );
}

export function editorPath(albumId: string, ...parts: string[]): string {
  return ['/album', encodeURIComponent(albumId), ...parts].join('/');
}

export function resolveEditorPath(
  albumId: string,
  params: EditorParams,
  context: EditorContext,
): EditorResolution {
  const { key, childKey, childChildKey } = params;
  if (!key) return { kind: 'redirect', to: editorPath(albumId, 'onboarding') };
  if (!includes(visibleTabs(context), key)) return { kind: 'redirect', to: editorPath(albumId) };

  if (childKey === 'settings') {
    if (childChildKey === undefined) return { kind: 'view', view: { tab: key, settingsTab: 'general' } };
    if (includes(SETTINGS_TABS, childChildKey))
      return { kind: 'view', view: { tab: key, settingsTab: childChildKey } };
    return { kind: 'redirect', to: editorPath(albumId, key, 'settings', 'general') };
  }
  if (key === 'background') {
    if (childKey === undefined) return { kind: 'view', view: { tab: key, backgroundSource: 'images' } };
    if (includes(BACKGROUND_SOURCES, childKey) && childChildKey === undefined) {
      return { kind: 'view', view: { tab: key, backgroundSource: childKey } };
    }
    return { kind: 'redirect', to: editorPath(albumId, key) };
  }
  if (childKey !== undefined) return { kind: 'redirect', to: editorPath(albumId, key) };
  return { kind: 'view', view: { tab: key } };
}
