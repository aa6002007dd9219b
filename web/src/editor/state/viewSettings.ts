/**
 * View settings of the canvas (SPEC §2 view-settings menu, §4 editor defaults) and hint timing. They change
 * what is drawn and how snapping behaves, never the document, so they are plain editor state.
 */
import { EDITOR_DEFAULTS, GRID_MIN_ZOOM, HINT_HIDE_AFTER_MS, HINT_SHOW_AFTER_MS } from '@stickerbook/model';

export interface ViewSettings {
  grid: boolean;
  showBleed: boolean;
  printPreview: boolean;
  /** The element tree (layers) panel; admin only (SPEC §2). */
  elementsTree: boolean;
  showStickers: boolean;
  autoFit: boolean;
  alignToPage: boolean;
  sidebarMinimized: boolean;
}

export const DEFAULT_VIEW_SETTINGS: ViewSettings = {
  grid: EDITOR_DEFAULTS.grid,
  showBleed: false,
  printPreview: false,
  elementsTree: false,
  showStickers: EDITOR_DEFAULTS.showStickers,
  autoFit: EDITOR_DEFAULTS.autoFit,
  alignToPage: EDITOR_DEFAULTS.alignToPage,
  sidebarMinimized: EDITOR_DEFAULTS.sidebarMinimized,
};

/** SPEC §4: hints show after 3 s and hide 5 s later. */
export const HINT_TIMING_MS = { showAfter: HINT_SHOW_AFTER_MS, hideAfter: HINT_HIDE_AFTER_MS } as const;

/** SPEC §9: the grid is drawn (and snapped to) only from zoom 1 up. */
export function gridVisible(settings: ViewSettings, zoom: number): boolean {
  return settings.grid && !settings.printPreview && zoom >= GRID_MIN_ZOOM;
}

/**
 * The view settings this browser keeps across visits: a person's preference about the editor's layout rather than
 * a look at one album (grid, bleed and print preview start from the defaults every time).
 */
export const VIEW_PREFERENCES_STORAGE_KEY = 'stickerbook.editorView';
export type ViewPreferences = Pick<ViewSettings, 'sidebarMinimized'>;

/** What was kept; nothing for a missing, unreadable or foreign entry (the defaults then apply). */
export function readViewPreferences(storage: Pick<Storage, 'getItem'>): Partial<ViewPreferences> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(VIEW_PREFERENCES_STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return {};
    const { sidebarMinimized } = stored as Record<string, unknown>;
    return typeof sidebarMinimized === 'boolean' ? { sidebarMinimized } : {};
  } catch {
    return {};
  }
}

export function writeViewPreferences(storage: Pick<Storage, 'setItem'>, settings: ViewSettings): void {
  const preferences: ViewPreferences = { sidebarMinimized: settings.sidebarMinimized };
  try {
    storage.setItem(VIEW_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or disabled (private mode): the preference lasts for this visit only.
  }
}
