import { z } from 'zod';
import { isAllowedUploadUrl } from '@stickerbook/model';
import {
  emptyResult,
  type ReportFailure,
  type StockPhoto,
  type StockProvider,
  type StockSearchQuery,
  type StockSearchResult,
} from './stock-provider.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * Pexels' photo resource (https://www.pexels.com/api/documentation/#photos-overview). Only the fields we use are
 * required; Pexels adds more (avg_color, liked, photographer_id, src.portrait/landscape) that we ignore.
 */
const pexelsPhotoSchema = z.object({
  id: z.number().int().positive(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  photographer: z.string(),
  photographer_url: z.string(),
  alt: z.string().nullish(),
  src: z.object({
    original: z.string(),
    large2x: z.string(),
    large: z.string(),
    medium: z.string(),
    small: z.string(),
    tiny: z.string(),
  }),
});

/** GET /v1/search: `next_page` is a URL when there is one; `prev_page` likewise. */
const pexelsSearchSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total_results: z.number().int(),
  photos: z.array(pexelsPhotoSchema),
  next_page: z.string().nullish(),
});

type PexelsPhoto = z.infer<typeof pexelsPhotoSchema>;

export interface PexelsClientOptions {
  apiKey: string;
  /** https://api.pexels.com, or a fake in tests. */
  baseUrl: string;
  report: ReportFailure;
  /** Search pages and photos kept; Pexels allows 200 requests an hour by default, so repeats must not count. */
  cacheEntries?: number;
  cacheTtlMs?: number;
  timeoutMs?: number;
}

class PexelsHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`Pexels answered ${status} for ${path}`);
  }
}

/** Every image URL of the photo is on an allowed upload domain (SPEC §9); others are never handed out. */
function hasAllowedSources(photo: Pick<StockPhoto, 'src'>): boolean {
  return Object.values(photo.src).every((url) => isAllowedUploadUrl(url));
}

function toStockPhoto(photo: PexelsPhoto): StockPhoto {
  const { src } = photo;
  return {
    id: photo.id,
    width: photo.width,
    height: photo.height,
    photographer: photo.photographer,
    photographer_url: photo.photographer_url,
    url: photo.url,
    alt: photo.alt ?? '',
    src: {
      tiny: src.tiny,
      small: src.small,
      medium: src.medium,
      large: src.large,
      large2x: src.large2x,
      original: src.original,
    },
  };
}

/**
 * The real Pexels client: `Authorization: <key>` (no Bearer), /v1/search and /v1/photos/:id. Answers are cached
 * (LRU with TTL): a search page by its query, page, size and locale, each photo of it also by id, so placing a
 * photo found by search needs no second call. A failure is reported and answers empty; it is never cached.
 */
export class PexelsClient implements StockProvider {
  readonly kind = 'pexels';
  private readonly searches: TtlCache<StockSearchResult>;
  private readonly photos: TtlCache<StockPhoto>;

  constructor(private readonly options: PexelsClientOptions) {
    const entries = options.cacheEntries ?? 500;
    const ttl = options.cacheTtlMs ?? 60 * 60 * 1000;
    this.searches = new TtlCache(entries, ttl);
    this.photos = new TtlCache(entries * 4, ttl);
  }

  async search(query: StockSearchQuery): Promise<StockSearchResult> {
    const key = JSON.stringify([
      query.query.trim().toLowerCase(),
      query.page,
      query.perPage,
      query.locale ?? '',
    ]);
    const cached = this.searches.get(key);
    if (cached) return cached;
    const params = new URLSearchParams({
      query: query.query.trim(),
      per_page: String(query.perPage),
      page: String(query.page),
    });
    if (query.locale) params.set('locale', query.locale);
    try {
      const body = pexelsSearchSchema.parse(await this.get(`/v1/search?${params}`));
      const result: StockSearchResult = {
        photos: body.photos.map(toStockPhoto).filter(hasAllowedSources),
        page: body.page,
        per_page: body.per_page,
        total_results: body.total_results,
        next_page: body.next_page ? body.page + 1 : null,
      };
      for (const photo of result.photos) this.photos.set(String(photo.id), photo);
      this.searches.set(key, result);
      return result;
    } catch (error) {
      this.options.report(error, { provider: 'pexels', operation: 'search', query: query.query });
      return emptyResult(query, true);
    }
  }

  async photo(id: number): Promise<StockPhoto | undefined> {
    const cached = this.photos.get(String(id));
    if (cached) return cached;
    try {
      const photo = toStockPhoto(pexelsPhotoSchema.parse(await this.get(`/v1/photos/${id}`)));
      if (!hasAllowedSources(photo)) return undefined;
      this.photos.set(String(id), photo);
      return photo;
    } catch (error) {
      // An unknown id is an answer, not a failure; anything else is reported (SPEC §8) and returns nothing.
      if (!(error instanceof PexelsHttpError && error.status === 404)) {
        this.options.report(error, { provider: 'pexels', operation: 'photo', id });
      }
      return undefined;
    }
  }

  private async get(path: string): Promise<unknown> {
    const response = await fetch(this.options.baseUrl + path, {
      headers: { Authorization: this.options.apiKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new PexelsHttpError(response.status, path.split('?')[0]);
    }
    return response.json();
  }
}
