import { useSyncExternalStore } from 'react';
import type { ImageVariant } from '../../render/variant.ts';
import type { ImageRecord } from '../uploads/uploadApi.ts';

interface Entry {
  record?: ImageRecord;
  /** Object URL of a file still uploading (local id). */
  localUrl?: string;
  size?: { width: number; height: number };
}

/**
 * What the renderer needs to draw an image id (RenderOptions.imageUrlFor / imageSizeFor): the record's variant
 * URLs, or the local object URL of a file that is still uploading. One registry per album view; the editor and
 * the preflight list read the same one.
 */
export class ImageRegistry {
  private entries = new Map<string, Entry>();
  private version = 0;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly getVersion = () => this.version;

  private changed() {
    this.version++;
    this.listeners.forEach((listener) => listener());
  }

  setRecords(records: readonly ImageRecord[]): void {
    for (const record of records) this.entries.set(record.id, { record, size: sizeOf(record) });
    this.changed();
  }

  setRecord(record: ImageRecord): void {
    this.setRecords([record]);
  }

  setLocal(id: string, localUrl: string, size?: { width: number; height: number }): void {
    this.entries.set(id, { localUrl, size });
    this.changed();
  }

  remove(id: string): void {
    if (this.entries.delete(id)) this.changed();
  }

  record(id: string): ImageRecord | undefined {
    return this.entries.get(id)?.record;
  }

  /**
   * The album's image records as the images panel lists them, newest first: those the server listed and those
   * this browser created since (canvas drops, AI edits), without files still uploading.
   */
  records(): ImageRecord[] {
    const records: ImageRecord[] = [];
    for (const entry of this.entries.values()) if (entry.record) records.push(entry.record);
    return records.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  }

  readonly imageUrlFor = (id: string, variant: ImageVariant): string | undefined => {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.localUrl) return entry.localUrl;
    const blob = entry.record?.blob as Record<string, string> | undefined;
    return blob?.[variant] ?? blob?.original;
  };

  /** The original's pixel size (what print quality is judged by). */
  readonly imageSizeFor = (id: string) => this.entries.get(id)?.size;

  /** Pixel sizes by id, the input of packages/model `preflight`. */
  pixelsById(): Map<string, { width: number; height: number }> {
    const result = new Map<string, { width: number; height: number }>();
    for (const [id, entry] of this.entries) if (entry.size) result.set(id, entry.size);
    return result;
  }
}

function sizeOf(record: ImageRecord) {
  return { width: record.details.width, height: record.details.height };
}

/** Re-renders when the registry changes; returns its version (use it as a memo dependency). */
export function useRegistryVersion(registry: ImageRegistry): number {
  return useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
}
