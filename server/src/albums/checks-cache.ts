import type { AlbumDocument } from '@stickerbook/model';
import type { Db } from '../db/database.ts';
import type { AlbumFreshness } from '../album-store/albums.ts';
import { currentAlbumDocument } from '../album-store/albums.ts';
import { loadAlbumChecks, type AlbumChecks } from './preflight-view.ts';

/**
 * The preflight and statistics of recently seen albums, per instance. They depend on the document (version,
 * updated_at) and on the album's image records (a new or deleted record changes what an Image element shows), so
 * an entry is keyed by all three, as `albumFreshness` reads them in its one statement; an unchanged album costs no
 * document read, which keeps the checkout quote and GET /albums/:id fast.
 */
export class AlbumChecksCache {
  private readonly entries = new Map<string, { key: string; checks: AlbumChecks }>();

  constructor(private readonly capacity = 64) {}

  async get(
    db: Db,
    albumId: string,
    fresh: Pick<AlbumFreshness, 'version' | 'updatedAt' | 'imagesStamp'>,
    loadDocument?: () => AlbumDocument | undefined,
  ): Promise<AlbumChecks | undefined> {
    const key = `${fresh.version}:${fresh.updatedAt.getTime()}:${fresh.imagesStamp}`;
    const cached = this.entries.get(albumId);
    if (cached?.key === key) return cached.checks;
    const doc = loadDocument?.() ?? (await currentAlbumDocument(db, albumId))?.doc;
    if (!doc) return undefined;
    const checks = await loadAlbumChecks(db, albumId, doc);
    this.entries.delete(albumId);
    this.entries.set(albumId, { key, checks });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return checks;
  }
}
