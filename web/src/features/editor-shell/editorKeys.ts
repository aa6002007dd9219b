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

const BACKGROUND_SOURCES = ['images', 'stock'] as const;
type BackgroundSource = (typeof BACKGROUND_SOURCES)[number];

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
  /** The phone editor (below 768 px, SPEC §2 "Mobile"); the desktop editor when absent. */
  mobile?: boolean;
}

export type EditorDevice = 'desktop' | 'mobile';

/**
 * SPEC §2 "desktop-only tabs hidden on mobile and the reverse": the tabs made for one kind of device only, every
 * other tab shows on both. Jobs (admin render exports, print ranges and resolutions, the album lock) is desktop
 * production work; no tab is phone-only yet (the phone's ordering entry is the checkout tab, which desktop keeps too).
 */
export const TAB_DEVICE: Partial<Record<EditorTab, EditorDevice>> = { jobs: 'desktop' };

export interface EditorView {
  tab: EditorTab;
  backgroundSource?: BackgroundSource;
  settingsTab?: SettingsTab;
}

export type EditorResolution =
  | { kind: 'view'; view: EditorView }
  /** Phones at /album/{albumId}: the canvas alone, no tab open (SPEC §2 "tapping the active tab returns"). */
  | { kind: 'canvas' }
  | { kind: 'redirect'; to: string };

const includes = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/**
 * Which tabs this viewer may open: jobs is admin-only, review exists once an order does, and a tab made for one
 * kind of device (TAB_DEVICE) is hidden on the other.
 */
export function visibleTabs(context: EditorContext): EditorTab[] {
  const device: EditorDevice = context.mobile ? 'mobile' : 'desktop';
  return EDITOR_TABS.filter(
    (tab) =>
      (tab !== 'jobs' || context.isAdmin) &&
      (tab !== 'review' || context.hasOrder) &&
      (TAB_DEVICE[tab] ?? device) === device,
  );
}

/**
 * Where a tab of the phone's tab bar leads (SPEC §2 "Mobile: tab bar; tapping the active tab returns to
 * /album/{albumId}"): another tab opens its panel, the active one closes it for the canvas alone.
 */
export function tabBarTarget(albumId: string, tab: EditorTab, active: EditorTab | null): string {
  return tab === active ? editorPath(albumId) : editorPath(albumId, tab);
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
  // Phones show the canvas alone at the album root; desktop always has a tab open.
  if (!key)
    return context.mobile ? { kind: 'canvas' } : { kind: 'redirect', to: editorPath(albumId, 'onboarding') };
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
