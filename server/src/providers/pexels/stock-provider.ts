/**
 * One interface for stock photos (DESIGN.md "Outside services"): the Pexels API when PEXELS_API_KEY is set
 * (pexels-client.ts), otherwise the local library an admin fills (../stock-library/). Both answer in Pexels' shape
 * (SPEC §3 stock photo), so the web and the documents (`pexelsId`) do not care which one is active.
 */

export const STOCK_SIZES = ['tiny', 'small', 'medium', 'large', 'large2x', 'original'] as const;
type StockSize = (typeof STOCK_SIZES)[number];

/** SPEC §3 stock photo, plus the pixel size and the photo page Pexels' attribution rules link to. */
export interface StockPhoto {
  id: number;
  width: number;
  height: number;
  photographer: string;
  photographer_url: string | null;
  /** The photo's page at the provider (Pexels), null for library photos. */
  url: string | null;
  alt: string;
  src: Record<StockSize, string>;
}

export interface StockSearchQuery {
  query: string;
  page: number;
  perPage: number;
  /** Pexels locale such as de-DE; the library ignores it. */
  locale?: string;
}

export interface StockSearchResult {
  photos: StockPhoto[];
  page: number;
  per_page: number;
  total_results: number;
  /** The next page number, or null on the last page. */
  next_page: number | null;
  /** True when the provider failed: the answer is empty and the failure was reported (SPEC §8). */
  unavailable?: boolean;
}

export interface StockProvider {
  readonly kind: 'pexels' | 'library';
  search(query: StockSearchQuery): Promise<StockSearchResult>;
  /** Lookup by id; undefined when there is no such photo or the provider failed (reported, SPEC §8). */
  photo(id: number): Promise<StockPhoto | undefined>;
}

/** Called with every provider failure; the routes pass the request logger. */
export type ReportFailure = (error: unknown, context: Record<string, unknown>) => void;

export function emptyResult(query: StockSearchQuery, unavailable = false): StockSearchResult {
  return {
    photos: [],
    page: query.page,
    per_page: query.perPage,
    total_results: 0,
    next_page: null,
    ...(unavailable ? { unavailable: true } : {}),
  };
}
