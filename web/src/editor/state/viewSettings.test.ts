import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW_SETTINGS,
  readViewPreferences,
  VIEW_PREFERENCES_STORAGE_KEY,
  writeViewPreferences,
} from './viewSettings.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the sidebar preference in the view settings', () => {
  it('starts with the sidebar not minimized (SPEC §4 editor defaults)', () => {
    expect(DEFAULT_VIEW_SETTINGS.sidebarMinimized).toBe(false);
    expect(readViewPreferences(memoryStorage())).toEqual({});
  });

  it('keeps a minimized sidebar for the next visit, and an expanded one again', () => {
    const storage = memoryStorage();
    writeViewPreferences(storage, { ...DEFAULT_VIEW_SETTINGS, sidebarMinimized: true });
    expect(readViewPreferences(storage)).toEqual({ sidebarMinimized: true });
    writeViewPreferences(storage, { ...DEFAULT_VIEW_SETTINGS, sidebarMinimized: false });
    expect(readViewPreferences(storage)).toEqual({ sidebarMinimized: false });
  });

  it('keeps only the layout preference, not how this album was looked at', () => {
    const storage = memoryStorage();
    writeViewPreferences(storage, { ...DEFAULT_VIEW_SETTINGS, grid: true, printPreview: true });
    expect(JSON.parse(storage.getItem(VIEW_PREFERENCES_STORAGE_KEY)!)).toEqual({ sidebarMinimized: false });
  });

  it('ignores a broken or foreign stored entry', () => {
    for (const stored of ['{not json', '"yes"', 'null', '{"sidebarMinimized":"true"}']) {
      expect(readViewPreferences(memoryStorage({ [VIEW_PREFERENCES_STORAGE_KEY]: stored }))).toEqual({});
    }
  });

  it('survives a storage that refuses writes', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => writeViewPreferences(full, DEFAULT_VIEW_SETTINGS)).not.toThrow();
  });
});
