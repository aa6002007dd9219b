import { AspectRatio } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CoverArt } from '../../ui/CoverArt.tsx';
import { CoverImage } from '../../ui/CoverImage.tsx';
import type { OrderAlbum } from './types.ts';

const CoverPreview = lazy(() => import('../../ui/CoverPreview.tsx'));

/** The ordered album's cover: the server's thumbnail once rendered, else the album's first spread drawn here. */
export function OrderCover({
  album,
}: {
  album: Pick<OrderAlbum, 'id' | 'title' | 'category' | 'cover_preview_url'>;
}) {
  const fallback = <CoverArt title={album.title} category={album.category} />;
  // A deleted album has nothing left to draw but its title.
  if (album.id === null) return <AspectRatio ratio={460 / 297}>{fallback}</AspectRatio>;
  const drawn = (
    <Suspense fallback={fallback}>
      <CoverPreview path={`/albums/${encodeURIComponent(album.id)}/cover`} fallback={fallback} />
    </Suspense>
  );
  return (
    <AspectRatio ratio={460 / 297}>
      {album.cover_preview_url ? <CoverImage src={album.cover_preview_url} fallback={drawn} /> : drawn}
    </AspectRatio>
  );
}
