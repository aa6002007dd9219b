import type { AlbumDocument } from '@stickerbook/model';
import type { Db } from '../db/database.ts';
import { albumWorkspaceJson } from '../repositories/albums.ts';

/**
 * The serialized documents of recently opened albums, per server instance. Every write to an album bumps its
 * version or its updated_at, and both are compared with the database on each read, so a cached document is
 * never served after a change made through any instance; only the hundreds of kB of the document itself are
 * not read, parsed and re-serialized again (issue 2 figure: GET /albums/:id on a 60-spread album).
 */
export interface CachedWorkspace {
  json: string;
  settings: AlbumDocument['settings'];
}

export class WorkspaceJsonCache {
  private readonly entries = new Map<string, CachedWorkspace & { version: number; updatedAtMs: number }>();

  constructor(private readonly capacity = 64) {}

  /** The document's JSON for exactly this version and change time, or undefined when the album moved on. */
  async get(db: Db, albumId: string, version: number, updatedAt: Date): Promise<CachedWorkspace | undefined> {
    const cached = this.entries.get(albumId);
    if (cached && cached.version === version && cached.updatedAtMs === updatedAt.getTime()) {
      // Most recently used last, so the oldest is the first key.
      this.entries.delete(albumId);
      this.entries.set(albumId, cached);
      return cached;
    }
    const row = await albumWorkspaceJson(db, albumId);
    if (!row) return undefined;
    this.entries.delete(albumId);
    const entry = {
      version: row.version,
      updatedAtMs: row.updatedAt.getTime(),
      json: row.json,
      // Parsed once per version: the album view shows the style settings beside the document.
      settings: (JSON.parse(row.json) as AlbumDocument).settings,
    };
    this.entries.set(albumId, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return entry.version === version && entry.updatedAtMs === updatedAt.getTime() ? entry : undefined;
  }
}
