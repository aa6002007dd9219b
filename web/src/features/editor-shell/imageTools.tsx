/**
 * The image toolbar's AI edit (SPEC §2): `<AiEditButton>` for an uploaded image (stock photos have no record to
 * edit); when the edit is done the new record is loaded into the album's images and swapped into the element.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ImageTools } from '../../editor/ui/toolbar/ElementToolbar.tsx';
import { AiEditButton } from '../ai-edit/index.ts';
import { albumImagesQueryKey, type ImageRegistry } from '../images/index.ts';
import { fetchImage } from '../uploads/index.ts';

export function useAiImageTools(albumId: string, registry: ImageRegistry): ImageTools {
  const queryClient = useQueryClient();
  return useCallback<ImageTools>(
    (imageId, replace) =>
      imageId.startsWith('pexels:') || imageId.startsWith('local-') ? null : (
        <AiEditButton
          imageId={imageId}
          originalUrl={registry.imageUrlFor(imageId, 'medium')}
          onDone={(image) => {
            void fetchImage(image.id)
              .then((record) => {
                registry.setRecord(record);
                replace(record.id);
              })
              .catch((error: unknown) => console.error('Edited image could not be loaded', error))
              .finally(() => void queryClient.invalidateQueries({ queryKey: albumImagesQueryKey(albumId) }));
          }}
        />
      ),
    [albumId, registry, queryClient],
  );
}
