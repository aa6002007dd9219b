import type { AlbumDocument } from '@stickerbook/model';
import type { Db } from '../db/database.ts';
import { compressBody, type ContentEncoding } from '../http/compression.ts';
import { albumWithWorkspaceJson, type AlbumFreshness, type AlbumHeader } from '../album-store/albums.ts';

/**
 * The response bodies of recently opened albums, per server instance (issue 2 figure: GET /albums/:id on a
 * 60-spread album). An entry belongs to one (version, updated_at) of the album; every write bumps one of them
 * (document mutations the version, everything else updated_at), and the caller compares them with the database
 * on each request (`albumFreshness`), so a cached body is never served after a change made through any
 * instance. What is saved per request: reading, parsing and re-serialising the document, and encoding the
 * hundreds of kB of JSON to bytes again.
 */
interface CachedAlbumBody {
  album: AlbumHeader;
  settings: AlbumDocument['settings'];
  stickerSorts: number;
  /** The whole response for `head` (everything but the document, which depends on the access). */
  body(head: string): Buffer;
  /** The document itself, parsed once per cached version (the preflight of GET /albums/:id reads it). */
  document(): AlbumDocument;
  /**
   * The same body compressed, kept beside it: an album's JSON is hundreds of kB, and compressing it anew on
   * every open would cost more CPU than the cache saves.
   */
  encodedBody(head: string, encoding: ContentEncoding): Buffer;
}

interface Entry {
  album: AlbumHeader;
  settings: AlbumDocument['settings'];
  stickerSorts: number;
  workspace: Buffer;
  lastHead?: string;
  lastBody?: Buffer;
  parsed?: AlbumDocument;
  lastEncoded?: Partial<Record<ContentEncoding, Buffer>>;
}

const CLOSE = Buffer.from('}');

export class AlbumBodyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 32) {}

  /** The album as of `fresh` (or newer), from memory when nothing changed since it was cached. */
  async get(db: Db, albumId: string, fresh: Pick<AlbumFreshness, 'version' | 'updatedAt'>) {
    let entry = this.entries.get(albumId);
    if (
      !entry ||
      entry.album.version !== fresh.version ||
      entry.album.updatedAt.getTime() !== fresh.updatedAt.getTime()
    ) {
      const row = await albumWithWorkspaceJson(db, albumId);
      if (!row) {
        this.entries.delete(albumId);
        return undefined;
      }
      entry = {
        album: row.album,
        settings: row.settings,
        stickerSorts: row.stickerSorts,
        workspace: Buffer.from(row.json),
      };
    }
    // Most recently used last, so the oldest is the first key.
    this.entries.delete(albumId);
    this.entries.set(albumId, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    const cached = entry;
    return {
      album: cached.album,
      settings: cached.settings,
      stickerSorts: cached.stickerSorts,
      body(head: string): Buffer {
        if (cached.lastHead !== head || !cached.lastBody) {
          cached.lastBody = Buffer.concat([Buffer.from(head), cached.workspace, CLOSE]);
          cached.lastHead = head;
          cached.lastEncoded = {};
        }
        return cached.lastBody;
      },
      document(): AlbumDocument {
        cached.parsed ??= JSON.parse(cached.workspace.toString('utf8')) as AlbumDocument;
        return cached.parsed;
      },
      encodedBody(head: string, encoding: ContentEncoding): Buffer {
        const plain = this.body(head);
        const encoded = (cached.lastEncoded ??= {});
        return (encoded[encoding] ??= compressBody(plain, encoding));
      },
    } satisfies CachedAlbumBody;
  }
}
