import { STOCK_PHOTO_ID_LIMIT } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { BlobStorage } from '../../storage/index.ts';
import {
  STOCK_SIZES,
  type StockPhoto,
  type StockProvider,
  type StockSearchQuery,
  type StockSearchResult,
} from '../pexels/stock-provider.ts';
import { findLibraryPhoto, searchLibrary, type StockPhotoRow } from './library-repository.ts';

export async function libraryPhotoView(storage: BlobStorage, row: StockPhotoRow): Promise<StockPhoto> {
  const src = {} as StockPhoto['src'];
  for (const size of STOCK_SIZES) {
    const file = row.files[size];
    src[size] = await storage.readUrl(file.key, file.contentType);
  }
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    photographer: row.photographer,
    photographer_url: row.photographerUrl,
    url: null,
    alt: row.alt || row.title,
    src,
  };
}

/**
 * The default without a Pexels key: photos admins uploaded, searched by title, alt text, photographer and tags,
 * served through the same storage as every other file. The locale is ignored (tags are whatever the admin typed).
 */
export class StockLibrary implements StockProvider {
  readonly kind = 'library';

  constructor(
    private readonly db: Db,
    private readonly storage: BlobStorage,
  ) {}

  async search(query: StockSearchQuery): Promise<StockSearchResult> {
    const offset = (query.page - 1) * query.perPage;
    const { rows, total } = await searchLibrary(this.db, query.query, query.perPage, offset);
    return {
      photos: await Promise.all(rows.map((row) => libraryPhotoView(this.storage, row))),
      page: query.page,
      per_page: query.perPage,
      total_results: total,
      next_page: offset + rows.length < total ? query.page + 1 : null,
    };
  }

  async photo(id: number): Promise<StockPhoto | undefined> {
    if (id >= STOCK_PHOTO_ID_LIMIT) return undefined; // a Pexels id, never one of ours
    const row = await findLibraryPhoto(this.db, id);
    return row ? libraryPhotoView(this.storage, row) : undefined;
  }
}
