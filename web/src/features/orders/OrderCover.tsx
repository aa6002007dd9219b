import { AspectRatio, Image } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CoverArt } from '../../ui/CoverArt.tsx';
import type { OrderAlbum } from './types.ts';

const CoverPreview = lazy(() => import('../../ui/CoverPreview.tsx'));

/** The ordered album's cover: the rendered preview when there is one, else the album's own first spread. */
export function OrderCover({ album }: { album: OrderAlbum }) {
  const fallback = <CoverArt title={album.title} category={album.category} />;
  return (
    <AspectRatio ratio={460 / 297}>
      {album.cover_preview_url ? (
        <Image src={album.cover_preview_url} alt="" fit="cover" />
      ) : (
        <Suspense fallback={fallback}>
          <CoverPreview path={`/albums/${encodeURIComponent(album.id)}/cover`} fallback={fallback} />
        </Suspense>
      )}
    </AspectRatio>
  );
}
