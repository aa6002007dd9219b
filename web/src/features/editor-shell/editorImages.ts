/**
 * What the editor canvas needs to draw images: the album's image records (features/images registry, incl. files
 * still uploading) and stock photos (`pexels:<id>` keys, features/stock), composed into one imageUrlFor /
 * imageSizeFor. New functions whenever either source learns an image, so the renderer redraws.
 */
import { useMemo } from 'react';
import type { ImageSizeFor, ImageUrlFor } from '../../render/index.ts';
import { useAlbumImageRegistry, useRegistryVersion, type ImageRegistry } from '../images/index.ts';
import { stockImageSizeFor, stockImageUrlFor, useStockPhotosVersion } from '../stock/index.ts';

export interface EditorImages {
  registry: ImageRegistry;
  imageUrlFor: ImageUrlFor;
  imageSizeFor: ImageSizeFor;
}

const isStockKey = (key: string) => key.startsWith('pexels:');

export function useEditorImages(albumId: string): EditorImages {
  const registry = useAlbumImageRegistry(albumId);
  const version = useRegistryVersion(registry);
  const stockVersion = useStockPhotosVersion();
  return useMemo(
    () => ({
      registry,
      imageUrlFor: (key, variant) =>
        isStockKey(key) ? stockImageUrlFor(key, variant) : registry.imageUrlFor(key, variant),
      imageSizeFor: (key) => (isStockKey(key) ? stockImageSizeFor(key) : registry.imageSizeFor(key)),
    }),
    // `version` and `stockVersion` stand for the sources' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [registry, version, stockVersion],
  );
}
