import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchAlbumImages } from '../uploads/uploadApi.ts';
import { ImageRegistry } from './imageRegistry.ts';

const registries = new Map<string, ImageRegistry>();

/** One registry per album for the whole tab: the canvas, the images panel and the preflight list share it. */
export function albumImageRegistry(albumId: string): ImageRegistry {
  let registry = registries.get(albumId);
  if (!registry) {
    registry = new ImageRegistry();
    registries.set(albumId, registry);
  }
  return registry;
}

export const albumImagesQueryKey = (albumId: string) => ['albums', albumId, 'images'] as const;

/** Loads the album's image records into its registry; give `registry.imageUrlFor` to the renderer. */
export function useAlbumImageRegistry(albumId: string): ImageRegistry {
  const registry = albumImageRegistry(albumId);
  const query = useQuery({
    queryKey: albumImagesQueryKey(albumId),
    queryFn: () => fetchAlbumImages(albumId),
  });
  useEffect(() => {
    if (query.data) registry.setRecords(query.data);
  }, [query.data, registry]);
  return registry;
}
