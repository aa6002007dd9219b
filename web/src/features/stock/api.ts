import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { FeaturesView, StockPhotoView, StockSearchView } from '@stickerbook/api';
import { api } from '../../api/client.ts';
import { STOCK_PER_PAGE } from './stockQuery.ts';

/** SPEC §3 stock photo as GET /stock_photos returns it (@stickerbook/api schemas/stock.ts). */
export type StockPhoto = StockPhotoView;

const stockQueryKeys = {
  features: ['features'] as const,
  search: (query: string, locale: string) => ['stock_photos', locale, query.toLowerCase()] as const,
  photo: (id: number) => ['stock_photos', 'id', id] as const,
};

/** GET /features: what this deployment offers (AI edit, stock source, environment, help widget). */
export function useFeatures() {
  return useQuery({
    queryKey: stockQueryKeys.features,
    queryFn: () => api.get<FeaturesView>('/features', { anonymous: true }),
    staleTime: Infinity,
  });
}

function searchStockPhotos(query: string, locale: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ query, page: String(page), per_page: String(STOCK_PER_PAGE), locale });
  return api.get<StockSearchView>(`/stock_photos?${params}`, { asGuest: true, signal });
}

/** Pages of a search ('load more' fetches the next); disabled while there is no searchable query. */
export function useStockSearch(query: string | null, locale: string) {
  return useInfiniteQuery({
    queryKey: stockQueryKeys.search(query ?? '', locale),
    queryFn: ({ pageParam, signal }) => searchStockPhotos(query!, locale, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
    enabled: query !== null,
    staleTime: 10 * 60_000,
  });
}

const lookups = new Map<number, Promise<StockPhoto | undefined>>();
/** Photos known by id, for the renderer's synchronous `imageUrlFor`; `version` changes when one arrives. */
const known = new Map<number, StockPhoto>();
const listeners = new Set<() => void>();
let version = 0;

function learn(photos: readonly StockPhoto[]): void {
  let changed = false;
  for (const photo of photos) {
    if (!known.has(photo.id)) changed = true;
    known.set(photo.id, photo);
  }
  if (!changed) return;
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * A stock photo by id (documents reference them by `pexelsId`), fetched once per page load. A failed lookup is
 * reported (console, for the error reporter) and returns nothing (SPEC §8); the next call tries again.
 */
export function lookupStockPhoto(id: number): Promise<StockPhoto | undefined> {
  let pending = lookups.get(id);
  if (!pending) {
    pending = api
      .get<StockPhoto>(`/stock_photos/${id}`, { asGuest: true })
      .then((photo) => {
        learn([photo]);
        return photo;
      })
      .catch((error: unknown) => {
        console.warn(`Stock photo ${id} lookup failed`, error);
        lookups.delete(id);
        return undefined;
      });
    lookups.set(id, pending);
  }
  return pending;
}

/** Search results are lookups too: placing a photo found by search needs no second request. */
export function rememberStockPhotos(photos: readonly StockPhoto[]): void {
  for (const photo of photos) if (!lookups.has(photo.id)) lookups.set(photo.id, Promise.resolve(photo));
  learn(photos);
}

/**
 * For the renderer host's `imageUrlFor`: the URL of a `pexels:<id>` key, or undefined while the photo is being
 * looked up (the host re-renders when `useStockPhotosVersion()` changes).
 */
export function stockImageUrlFor(
  key: string,
  variant: 'small' | 'medium' | 'large' | 'full' | 'original',
): string | undefined {
  const match = /^pexels:(\d+)$/.exec(key);
  if (!match) return undefined;
  const photo = known.get(Number(match[1]));
  if (photo) return stockPhotoUrl(photo, variant);
  void lookupStockPhoto(Number(match[1]));
  return undefined;
}

/** Pixel size of a known stock photo, for `imageSizeFor('pexels:<id>')`. */
export function stockImageSizeFor(key: string): { width: number; height: number } | undefined {
  const match = /^pexels:(\d+)$/.exec(key);
  const photo = match ? known.get(Number(match[1])) : undefined;
  return photo ? { width: photo.width, height: photo.height } : undefined;
}

/** Changes whenever another stock photo becomes known: a dependency for the host's memoised `imageUrlFor`. */
export function useStockPhotosVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

/**
 * The URL of a stock photo for a renderer variant (small < 100 % zoom, ... print: original), for the host's
 * `imageUrlFor('pexels:<id>', variant)`.
 */
function stockPhotoUrl(
  photo: StockPhoto,
  variant: 'small' | 'medium' | 'large' | 'full' | 'original',
): string {
  switch (variant) {
    case 'small':
      return photo.src.large;
    case 'medium':
      return photo.src.large2x;
    default:
      return photo.src.original;
  }
}
